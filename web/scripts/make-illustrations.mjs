// Generates the shipped illustrations (SVG) into public/images.
// The site must work offline and we have no stock photos, so each workshop gets
// a painted landscape of its own place: layered terrain with atmospheric depth,
// light, weather and a subject (bison, a supercell, a balcony, a heron...).
// Deterministic (seeded): run `node web/scripts/make-illustrations.mjs` after
// changing it, then `node web/scripts/make-og-images.mjs` (JPEG share images),
// and commit the output.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/images');
fs.mkdirSync(path.join(out, 'workshops'), { recursive: true });

// ---------------------------------------------------------------- helpers

/** Small seeded PRNG so the art is stable between runs. */
function rng(seed) {
  let s = 0;
  for (const c of seed) s = (s * 31 + c.charCodeAt(0)) >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const f = (n) => (Math.round(n * 10) / 10).toString();

function hex(c) {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
/** Mix two #rrggbb colours (t = 0 gives a, 1 gives b). */
function mix(a, b, t) {
  const [r1, g1, b1] = hex(a);
  const [r2, g2, b2] = hex(b);
  const c = [r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t].map((v) => Math.round(v).toString(16).padStart(2, '0'));
  return `#${c.join('')}`;
}

/**
 * A ridge line across the width: a base height, gaussian peaks and layered
 * sine noise. Returns the closed path (down to the bottom) and the points.
 */
function ridge(rand, { W, H, base, peaks = [], rough = 10, n = 96, steep = 1 }) {
  const phases = [rand() * 6.28, rand() * 6.28, rand() * 6.28];
  const pts = [];
  for (let i = 0; i <= n; i++) {
    const u = i / n;
    let y = base;
    for (const p of peaks) {
      const d = Math.abs(u - p.x) / p.w;
      y -= p.h * (steep === 1 ? Math.exp(-d * d * 4) : Math.max(0, 1 - d ** steep));
    }
    y += Math.sin(u * 17 + phases[0]) * rough * 0.6 + Math.sin(u * 41 + phases[1]) * rough * 0.3 + (rand() - 0.5) * rough * 0.5;
    pts.push([u * W, y]);
  }
  const d = `M0,${H} L${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' L')} L${W},${H} Z`;
  return { d, pts };
}

/** Height of a ridge at x (linear between its points). */
function ridgeY(r, x) {
  const p = r.pts;
  for (let i = 1; i < p.length; i++) {
    if (p[i][0] >= x) {
      const t = (x - p[i - 1][0]) / (p[i][0] - p[i - 1][0] || 1);
      return p[i - 1][1] + (p[i][1] - p[i - 1][1]) * t;
    }
  }
  return p[p.length - 1][1];
}

function vgrad(id, stops) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a === 1 ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</linearGradient>`;
}

function stars(rand, W, H, count, maxY, color = '#ffffff') {
  let s = '';
  for (let i = 0; i < count; i++) {
    const r = rand() < 0.08 ? 2.2 : 0.6 + rand() * 1.2;
    s += `<circle cx="${f(rand() * W)}" cy="${f(rand() ** 1.4 * maxY)}" r="${f(r)}" fill="${color}" opacity="${f(0.35 + rand() * 0.65)}"/>`;
  }
  return s;
}

function clouds(rand, W, y, count, color, opacity = 0.5, scale = 1) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const cx = rand() * W;
    const cy = y + (rand() - 0.5) * 80 * scale;
    const rx = (160 + rand() * 260) * scale;
    s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * (0.12 + rand() * 0.1))}" fill="${color}" opacity="${f(opacity * (0.6 + rand() * 0.4))}"/>`;
  }
  return `<g filter="url(#soft)">${s}</g>`;
}

/** Conifers standing on a ridge. */
function pines(rand, r, x0, x1, count, h, color) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + rand() * (x1 - x0);
    const base = ridgeY(r, x) + 6;
    const th = h * (0.6 + rand() * 0.7);
    const w = th * 0.32;
    const tiers = 4;
    let d = '';
    for (let t = 0; t < tiers; t++) {
      const top = base - th + (t * th) / tiers / 1.2;
      const bottom = base - th + ((t + 1.6) * th) / tiers;
      const half = (w * (t + 1.4)) / tiers;
      d += `M${f(x)},${f(top)} L${f(x + half)},${f(bottom)} L${f(x - half)},${f(bottom)} Z `;
    }
    d += `M${f(x - 2)},${f(base - th * 0.2)} h4 v${f(th * 0.2)} h-4 Z`;
    s += `<path d="${d}" fill="${color}"/>`;
  }
  return s;
}

/** Round-crowned trees (aspens, cottonwoods) with a colour per tree. */
function broadleaves(rand, r, x0, x1, count, h, colors) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + rand() * (x1 - x0);
    const base = ridgeY(r, x) + 4;
    const th = h * (0.6 + rand() * 0.6);
    const c = colors[Math.floor(rand() * colors.length)];
    s += `<rect x="${f(x - 1.5)}" y="${f(base - th * 0.55)}" width="3" height="${f(th * 0.55)}" fill="#3a2c20"/>`;
    s += `<ellipse cx="${f(x)}" cy="${f(base - th * 0.62)}" rx="${f(th * 0.22)}" ry="${f(th * 0.36)}" fill="${c}"/>`;
  }
  return s;
}

function birds(rand, x0, x1, y0, y1, count, color, size = 12) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + rand() * (x1 - x0);
    const y = y0 + rand() * (y1 - y0);
    const k = size * (0.6 + rand() * 0.8);
    s += `<path d="M${f(x - k)},${f(y)} q${f(k / 2)},${f(-k / 2)} ${f(k)},0 q${f(k / 2)},${f(-k / 2)} ${f(k)},0" stroke="${color}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

/** A bison in profile, facing right; (x, y) is where the hooves stand. */
function bison(x, y, k, color) {
  const p = (dx, dy) => `${f(x + dx * k)},${f(y + dy * k)}`;
  return `<path fill="${color}" d="M${p(-40, -22)} C${p(-44, -40)} ${p(-28, -58)} ${p(-4, -62)} C${p(14, -66)} ${p(30, -58)} ${p(36, -44)} C${p(46, -44)} ${p(54, -34)} ${p(52, -18)} L${p(46, -12)} C${p(40, -14)} ${p(36, -18)} ${p(32, -22)} L${p(30, 0)} L${p(24, 0)} L${p(22, -18)} L${p(-18, -18)} L${p(-22, 0)} L${p(-28, 0)} L${p(-30, -18)} C${p(-36, -18)} ${p(-40, -20)} ${p(-40, -22)} Z"/>`;
}

/** A brown bear walking left. */
function bear(x, y, k, color) {
  const p = (dx, dy) => `${f(x + dx * k)},${f(y + dy * k)}`;
  return `<path fill="${color}" d="M${p(-46, -26)} C${p(-50, -32)} ${p(-46, -38)} ${p(-40, -38)} L${p(-36, -42)} C${p(-30, -44)} ${p(-22, -46)} ${p(-14, -46)} C${p(0, -56)} ${p(24, -54)} ${p(38, -40)} C${p(46, -30)} ${p(44, -14)} ${p(38, -8)} L${p(36, 0)} L${p(28, 0)} L${p(26, -12)} L${p(-6, -14)} L${p(-10, 0)} L${p(-18, 0)} L${p(-20, -18)} C${p(-28, -22)} ${p(-36, -22)} ${p(-46, -26)} Z"/>`;
}

/** A wading heron or egret, body facing left. */
function heron(x, y, k, color, leg = '#2a3a2c') {
  const p = (dx, dy) => `${f(x + dx * k)},${f(y + dy * k)}`;
  return `<g><path d="M${p(-2, -30)} L${p(-4, 0)} M${p(4, -30)} L${p(6, 0)}" stroke="${leg}" stroke-width="${f(1.6 * k)}"/>
    <path fill="${color}" d="M${p(-14, -40)} C${p(-10, -52)} ${p(10, -54)} ${p(22, -44)} L${p(30, -40)} C${p(16, -34)} ${p(0, -28)} ${p(-8, -32)} Z"/>
    <path d="M${p(-10, -44)} C${p(-20, -54)} ${p(-8, -62)} ${p(-16, -74)}" stroke="${color}" stroke-width="${f(3.4 * k)}" fill="none" stroke-linecap="round"/>
    <path fill="${color}" d="M${p(-18, -78)} C${p(-14, -80)} ${p(-12, -76)} ${p(-14, -73)} L${p(-32, -74)} Z"/></g>`;
}

/** A photographer at a tripod, facing right (or left when flipped); (x, y) is the ground. */
function photographer(x, y, k, color, flip = false) {
  const p = (dx, dy) => `${f(x + dx * k)},${f(y + dy * k)}`;
  return `<g fill="${color}" stroke="${color}"${flip ? ` transform="translate(${f(2 * x)} 0) scale(-1 1)"` : ''}>
    <circle cx="${f(x)}" cy="${f(y - 91 * k)}" r="${f(7.5 * k)}" stroke="none"/>
    <path stroke="none" d="M${p(-8, -93)} Q${p(0, -103)} ${p(8, -94)} L${p(15, -92)} L${p(7, -90)} Z"/>
    <rect x="${f(x - 19 * k)}" y="${f(y - 80 * k)}" width="${f(11 * k)}" height="${f(26 * k)}" rx="${f(4 * k)}" stroke="none"/>
    <path stroke="none" d="M${p(-3, -84)} L${p(3, -84)} L${p(3, -81)} C${p(8, -80)} ${p(11, -76)} ${p(11, -70)} L${p(10, -46)} L${p(12, 0)} L${p(4, 0)} L${p(0, -36)} L${p(-4, 0)} L${p(-12, 0)} L${p(-11, -46)} L${p(-12, -70)} C${p(-12, -76)} ${p(-9, -80)} ${p(-3, -81)} Z"/>
    <path fill="none" stroke-width="${f(4 * k)}" stroke-linecap="round" d="M${p(4, -74)} L${p(18, -68)} L${p(24, -74)}"/>
    <rect x="${f(x + 20 * k)}" y="${f(y - 80 * k)}" width="${f(16 * k)}" height="${f(11 * k)}" rx="${f(2 * k)}" stroke="none"/>
    <rect x="${f(x + 34 * k)}" y="${f(y - 78 * k)}" width="${f(10 * k)}" height="${f(7 * k)}" stroke="none"/>
    <path fill="none" stroke-width="${f(2.2 * k)}" d="M${p(28, -69)} L${p(16, 0)} M${p(28, -69)} L${p(30, 0)} M${p(28, -69)} L${p(42, 0)}"/>
  </g>`;
}

function saguaro(x, y, h, color) {
  const w = h * 0.11;
  const armL = `M${f(x)},${f(y - h * 0.45)} h${f(-h * 0.18)} v${f(-h * 0.28)}`;
  const armR = `M${f(x)},${f(y - h * 0.58)} h${f(h * 0.16)} v${f(-h * 0.22)}`;
  return `<g stroke="${color}" stroke-linecap="round" stroke-linejoin="round" fill="none">
    <path d="M${f(x)},${f(y)} V${f(y - h)}" stroke-width="${f(w)}"/>
    <path d="${armL}" stroke-width="${f(w * 0.8)}"/><path d="${armR}" stroke-width="${f(w * 0.8)}"/></g>`;
}

function bolt(rand, x, y0, y1, color, width = 4) {
  let d = `M${f(x)},${f(y0)}`;
  let cx = x;
  const steps = 9;
  let branches = '';
  for (let i = 1; i <= steps; i++) {
    cx += (rand() - 0.5) * 70;
    const cy = y0 + ((y1 - y0) * i) / steps;
    d += ` L${f(cx)},${f(cy)}`;
    if (i === 3 || i === 6) {
      const bx = cx + (rand() - 0.3) * 140;
      branches += `<path d="M${f(cx)},${f(cy)} L${f((cx + bx) / 2 + 10)},${f(cy + 40)} L${f(bx)},${f(cy + 90)}" stroke="${color}" stroke-width="${f(width * 0.5)}" fill="none" stroke-linejoin="round"/>`;
    }
  }
  return `<g filter="url(#glow)"><path d="${d}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linejoin="round"/>${branches}</g>`;
}

function skyline(rand, W, baseY, color, lit, count = 26) {
  let s = '';
  let x = -20;
  for (let i = 0; i < count && x < W; i++) {
    const w = 40 + rand() * 70;
    const h = 80 + rand() * 260 + (rand() < 0.15 ? 180 : 0);
    s += `<rect x="${f(x)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h + 2)}" fill="${color}"/>`;
    if (rand() < 0.2) s += `<rect x="${f(x + w / 2 - 2)}" y="${f(baseY - h - 40)}" width="4" height="40" fill="${color}"/>`;
    for (let wy = baseY - h + 12; wy < baseY - 10; wy += 16) {
      for (let wx = x + 6; wx < x + w - 8; wx += 12) {
        if (rand() < 0.2) s += `<rect x="${f(wx)}" y="${f(wy)}" width="5" height="7" fill="${lit}" opacity="${f(0.5 + rand() * 0.5)}"/>`;
      }
    }
    x += w + 4 + rand() * 10;
  }
  return s;
}

/** Mirror image of the group `#id` in the water below `waterY`. */
function reflect(id, waterY, opacity, h = H) {
  return `<clipPath id="${id}-water"><rect y="${waterY}" width="${W}" height="${h - waterY}"/></clipPath>
  <g clip-path="url(#${id}-water)"><use href="#${id}" transform="translate(0 ${2 * waterY}) scale(1 -1)" opacity="${opacity}"/></g>`;
}

// ---------------------------------------------------------------- scenes

const W = 1600;
const H = 1000;

/** Common frame: sky gradient, glow, optional sun, and the filters. */
function frame({ w = W, h = H, sky, sun, glowAt = sun, glowColor, body }) {
  const defs = `<defs>
    ${vgrad('sky', sky)}
    <radialGradient id="sunglow" cx="${f(glowAt ? glowAt.x / w : 0.5)}" cy="${f(glowAt ? glowAt.y / h : 0.4)}" r="0.55">
      <stop offset="0" stop-color="${glowColor}" stop-opacity="0.85"/>
      <stop offset="0.35" stop-color="${glowColor}" stop-opacity="0.25"/>
      <stop offset="1" stop-color="${glowColor}" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="haze" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="glow" x="-50%" y="-10%" width="200%" height="120%"><feGaussianBlur stdDeviation="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  </defs>`;
  const sunEl = sun ? `<circle cx="${f(sun.x)}" cy="${f(sun.y)}" r="${f(sun.r)}" fill="${sun.color}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">
  ${defs}
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#sunglow)"/>
  ${sunEl}
  ${body}
</svg>
`;
}

/** Mountains fading into the sky colour with distance (aerial perspective). */
function range(rand, { far, near, haze, layers }) {
  let s = '';
  const made = [];
  layers.forEach((opts, i) => {
    const t = layers.length === 1 ? 1 : i / (layers.length - 1);
    const top = mix(haze, mix(far, near, t), 0.35 + 0.65 * t);
    const bottom = mix(top, near, 0.45);
    const r = ridge(rand, { W, H, ...opts });
    made.push(r);
    s += `<defs>${vgrad(`l${i}`, [[0, top], [1, bottom]])}</defs><path d="${r.d}" fill="url(#l${i})"/>`;
    if (i < layers.length - 1) s += `<rect y="${f(opts.base - 40)}" width="${W}" height="120" fill="${haze}" opacity="0.18" filter="url(#soft)"/>`;
  });
  return { svg: s, ridges: made };
}

const scenes = {
  // Hero: a mountain lake at dawn, a photographer on the shore.
  hero(rand) {
    const sun = { x: 1120, y: 250, r: 46, color: '#fff1cf' };
    const { svg, ridges } = range(rand, {
      far: '#8f6f95',
      near: '#2b2438',
      haze: '#f0b38f',
      layers: [
        { base: 520, peaks: [{ x: 0.62, w: 0.12, h: 330 }, { x: 0.78, w: 0.09, h: 250 }, { x: 0.3, w: 0.16, h: 210 }], rough: 14, steep: 1.4 },
        { base: 600, peaks: [{ x: 0.15, w: 0.14, h: 220 }, { x: 0.45, w: 0.1, h: 150 }, { x: 0.95, w: 0.12, h: 190 }], rough: 12 },
        { base: 660, peaks: [{ x: 0.82, w: 0.2, h: 90 }, { x: 0.05, w: 0.2, h: 110 }], rough: 8 },
      ],
    });
    const shore = ridge(rand, { W, H, base: 900, peaks: [{ x: 0.8, w: 0.2, h: 90 }], rough: 6 });
    return frame({
      sky: [[0, '#4b3d6b'], [0.45, '#c98a92'], [0.72, '#f3b88c'], [1, '#ffe2b8']],
      sun,
      glowColor: '#ffd9a6',
      body: `${clouds(rand, W, 260, 6, '#f7c7a6', 0.45)}
      <g id="land">${svg}</g>
      <rect y="690" width="${W}" height="${H - 690}" fill="#3b3551"/>
      ${reflect('land', 690, 0.45)}
      <rect y="690" width="${W}" height="${H - 690}" fill="url(#sky)" opacity="0.35"/>
      <path d="M${f(sun.x - 50)},700 h100 M${f(sun.x - 80)},730 h160 M${f(sun.x - 40)},770 h80 M${f(sun.x - 100)},810 h200" stroke="#ffe6bf" stroke-width="4" opacity="0.55" stroke-linecap="round"/>
      ${pines(rand, ridges[2], 0, 320, 14, 90, '#2a2334')}${pines(rand, ridges[2], 1300, 1600, 12, 80, '#2a2334')}
      <path d="${shore.d}" fill="#17131f"/>
      ${photographer(1290, ridgeY(shore, 1290) + 4, 1.5, '#17131f', true)}
      ${birds(rand, 700, 1000, 260, 360, 4, '#4b3d6b', 10)}`,
    });
  },

  'yellowstone-winter-wildlife'(rand) {
    const sun = { x: 420, y: 330, r: 46, color: '#fffaf0' };
    const { svg, ridges } = range(rand, {
      far: '#c9d4e3',
      near: '#eef3f8',
      haze: '#f6efe4',
      layers: [
        { base: 520, peaks: [{ x: 0.7, w: 0.22, h: 200 }, { x: 0.25, w: 0.2, h: 140 }], rough: 12 },
        { base: 640, peaks: [{ x: 0.5, w: 0.3, h: 90 }], rough: 10 },
        { base: 780, peaks: [{ x: 0.1, w: 0.3, h: 50 }], rough: 6 },
      ],
    });
    let steam = '';
    for (const [x, h] of [[1100, 420], [1180, 300], [1000, 240], [1290, 200]]) {
      for (let i = 0; i < 4; i++) {
        const cy = 650 - (h * (i + 0.5)) / 4;
        const rx = 26 + i * 16 + rand() * 10;
        steam += `<ellipse cx="${f(x + (rand() - 0.3) * 30 * i)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(h / 6)}" fill="#ffffff" opacity="${f(0.75 - i * 0.12)}"/>`;
      }
    }
    return frame({
      sky: [[0, '#9fb3cc'], [0.5, '#dfe4ea'], [1, '#fbe9d2']],
      sun,
      glowColor: '#fff3dc',
      body: `${svg}
      ${pines(rand, ridges[1], 0, 700, 30, 110, '#5c6c70')}${pines(rand, ridges[1], 1350, 1600, 10, 90, '#5c6c70')}
      <g filter="url(#soft)">${steam}</g>
      <path d="${ridge(rand, { W, H, base: 860, peaks: [], rough: 6 }).d}" fill="#f7f9fb"/>
      ${bison(560, 880, 1.9, '#3a2e28')}${bison(820, 900, 2.3, '#2e2420')}${bison(1290, 870, 1.4, '#4a3b33')}
      <path d="M0,${H} V945 Q400,925 800,950 T1600,940 V${H} Z" fill="#ffffff"/>`,
    });
  },

  'zion-canyon-light'(rand) {
    const sun = { x: 1180, y: 230, r: 40, color: '#fff3cf' };
    const walls = range(rand, {
      far: '#e7a07a',
      near: '#6d2f22',
      haze: '#fbd3a6',
      layers: [
        { base: 560, peaks: [{ x: 0.72, w: 0.07, h: 470 }, { x: 0.83, w: 0.06, h: 360 }], rough: 10, steep: 3 },
        { base: 720, peaks: [{ x: 0.12, w: 0.14, h: 560 }, { x: 0.92, w: 0.1, h: 500 }], rough: 14, steep: 3 },
        { base: 880, peaks: [{ x: 0.02, w: 0.12, h: 640 }], rough: 10, steep: 2 },
      ],
    });
    return frame({
      sky: [[0, '#3f6fa0'], [0.45, '#8fb2cc'], [0.8, '#f6cf9f'], [1, '#fbe0b8']],
      sun,
      glowColor: '#ffe2b0',
      body: `${walls.svg}
      <path d="M420,${H} C560,900 700,860 760,820 C820,790 900,790 980,820 C1060,850 1120,930 1240,${H} Z" fill="#7fb6c2" opacity="0.9"/>
      <path d="M520,${H} C640,920 740,870 800,840 C860,820 920,830 980,860" stroke="#fdf0cf" stroke-width="6" fill="none" opacity="0.7"/>
      ${broadleaves(rand, walls.ridges[2], 300, 520, 6, 90, ['#7a8f3c', '#93a44a', '#5f7a34'])}
      ${broadleaves(rand, walls.ridges[2], 1200, 1480, 5, 80, ['#7a8f3c', '#93a44a'])}
      <path d="M0,${H} V930 C300,900 380,960 520,${H} Z" fill="#4a1f17"/>
      <path d="M1600,${H} V900 C1400,910 1300,960 1200,${H} Z" fill="#4a1f17"/>`,
    });
  },

  'nyc-portrait-posing'(rand) {
    const sun = { x: 1240, y: 520, r: 60, color: '#ffd9a0' };
    return frame({
      sky: [[0, '#2e2f5e'], [0.5, '#8a5a8c'], [0.85, '#f0a27a'], [1, '#ffd3a0']],
      sun,
      glowColor: '#ffb98a',
      body: `${clouds(rand, W, 300, 5, '#e59a8c', 0.4)}
      ${skyline(rand, W, 760, '#4a3f6b', '#ffd98f', 30)}
      <rect y="758" width="${W}" height="10" fill="#4a3f6b"/>
      ${skyline(rand, W, 860, '#2b2646', '#ffcf7a', 22)}
      <rect y="858" width="${W}" height="${H - 858}" fill="#1d1a30"/>
      <path d="M0,900 H${W}" stroke="#3b3560" stroke-width="4"/>
      <g>
        <path d="M330,${H} L352,640 M352,640 L300,${H} M352,640 L404,${H}" stroke="#0f0d1c" stroke-width="6"/>
        <rect x="300" y="520" width="150" height="120" rx="8" fill="#fff4dc" opacity="0.95" transform="rotate(-12 375 580)"/>
        <polygon points="440,540 820,640 820,820 450,660" fill="#fff4dc" opacity="0.14"/>
      </g>
      <circle cx="860" cy="628" r="34" fill="#0f0d1c"/>
      <rect x="848" y="650" width="24" height="40" fill="#0f0d1c"/>
      <path d="M790,${H} C790,790 800,720 860,704 C920,720 932,790 934,${H} Z" fill="#0f0d1c"/>
      <path d="M826,620 C828,590 850,580 866,584 C890,590 900,616 892,640 C880,610 850,604 826,620 Z" fill="#0f0d1c"/>
      ${photographer(1250, 980, 1.9, '#0f0d1c', true)}`,
    });
  },

  'great-plains-supercells'(rand) {
    const land = ridge(rand, { W, H, base: 820, peaks: [], rough: 6 });
    // Anvil on top, then the rotating updraft as offset, narrowing bands.
    let bands = `<path d="M-100,170 C200,60 1300,40 1750,150 C1500,190 300,210 -100,170 Z" fill="#56647a"/>`;
    for (let i = 0; i < 7; i++) {
      const y = 230 + i * 48;
      const rx = 640 - i * 52 + rand() * 30;
      bands += `<ellipse cx="${f(820 + Math.sin(i * 1.3) * 40)}" cy="${y}" rx="${f(rx)}" ry="${f(34 + i * 3)}" fill="${mix('#4d5a6e', '#1c222c', i / 7)}"/>`;
    }
    return frame({
      sky: [[0, '#1b2230'], [0.45, '#3d4a5c'], [0.78, '#8a8f84'], [1, '#e9c98a']],
      sun: null,
      glowColor: '#f5d48f',
      body: `<g filter="url(#haze)">${bands}
        <path d="M180,510 C380,420 1260,420 1460,510 C1320,570 1020,590 860,566 C620,590 330,570 180,510 Z" fill="#1f2631"/></g>
      <rect x="0" y="600" width="${W}" height="220" fill="#f1c97b" opacity="0.35" filter="url(#soft)"/>
      <path d="M900,560 C880,640 860,720 860,820 L1020,820 C990,720 960,640 940,560 Z" fill="#2a303c" opacity="0.65" filter="url(#haze)"/>
      ${bolt(rand, 520, 540, 820, '#f7f2d0', 5)}${bolt(rand, 1280, 520, 810, '#f7f2d0', 3)}
      <path d="${land.d}" fill="#3c4a2e"/>
      <path d="M0,900 Q800,870 ${W},905 V${H} H0 Z" fill="#2c3822"/>
      <g stroke="#1c2416" stroke-width="4">${Array.from({ length: 14 }, (_, i) => `<path d="M${60 + i * 110},${896 - i * 1.2} v-46"/>`).join('')}
        <path d="M60,870 L1490,856" stroke-width="2"/></g>
      <g fill="#1c2416"><path d="M1240,836 V770 L1290,730 L1340,770 V836 Z"/><rect x="1350" y="700" width="46" height="136" rx="4"/><path d="M1350,702 a23,23 0 0 1 46,0 Z"/></g>`,
    });
  },

  'alaska-bears-glaciers'(rand) {
    const sun = { x: 1300, y: 240, r: 38, color: '#ffffff' };
    const { svg, ridges } = range(rand, {
      far: '#c7dbe8',
      near: '#2f4a58',
      haze: '#eaf2f6',
      layers: [
        { base: 470, peaks: [{ x: 0.35, w: 0.16, h: 300 }, { x: 0.58, w: 0.1, h: 220 }, { x: 0.85, w: 0.14, h: 260 }], rough: 14, steep: 1.6 },
        { base: 600, peaks: [{ x: 0.15, w: 0.18, h: 170 }, { x: 0.7, w: 0.2, h: 130 }], rough: 10 },
      ],
    });
    let snow = '';
    for (const [x, h] of [[560, 300 - 20], [930, 220 - 20], [1360, 260 - 20]]) {
      snow += `<path d="M${x - 70},${470 - h + 90} L${x},${470 - h - 4} L${x + 80},${470 - h + 100} L${x + 40},${470 - h + 80} L${x + 10},${470 - h + 110} L${x - 30},${470 - h + 84} Z" fill="#ffffff" opacity="0.85"/>`;
    }
    return frame({
      sky: [[0, '#6f9bc0'], [0.6, '#c9dcea'], [1, '#f3efe3']],
      sun,
      glowColor: '#ffffff',
      body: `${clouds(rand, W, 200, 5, '#ffffff', 0.6)}
      <g id="land">${svg}${snow}${pines(rand, ridges[1], 0, W, 60, 70, '#23394a')}</g>
      <rect y="640" width="${W}" height="${H - 640}" fill="#5b7f93"/>
      ${reflect('land', 640, 0.35)}
      <path d="M0,${H} V820 C300,790 700,800 1000,830 C1200,850 1400,840 ${W},830 V${H} Z" fill="#7c8a4c"/>
      <path d="M0,${H} V900 C500,880 900,900 ${W},890 V${H} Z" fill="#5d6b37"/>
      ${bear(720, 872, 2.2, '#3b2618')}${bear(900, 880, 1.3, '#4b3020')}${bear(990, 884, 1.2, '#4b3020')}
      ${birds(rand, 300, 700, 200, 320, 3, '#2f4a58', 12)}`,
    });
  },

  'arizona-monsoon-lightning'(rand) {
    const land = ridge(rand, { W, H, base: 800, peaks: [{ x: 0.2, w: 0.25, h: 120 }, { x: 0.85, w: 0.2, h: 90 }], rough: 8 });
    return frame({
      sky: [[0, '#181a33'], [0.5, '#4b3566'], [0.82, '#c0607a'], [1, '#f1a06e']],
      sun: null,
      glowColor: '#f4a070',
      body: `<g filter="url(#haze)"><ellipse cx="900" cy="260" rx="820" ry="200" fill="#231f3d"/><ellipse cx="700" cy="360" rx="620" ry="110" fill="#2e2849"/></g>
      ${clouds(rand, W, 520, 4, '#e48a7a', 0.35)}
      ${bolt(rand, 980, 380, 790, '#fff6d8', 5)}${bolt(rand, 420, 420, 780, '#fff0c8', 3)}
      <path d="${land.d}" fill="#3a2540"/>
      <path d="M0,${H} V880 Q800,850 ${W},890 V${H} Z" fill="#1e1424"/>
      ${saguaro(220, 900, 300, '#140d18')}${saguaro(1300, 910, 240, '#140d18')}${saguaro(760, 880, 120, '#1e1424')}
      ${stars(rand, W, H, 40, 160)}`,
    });
  },

  'olympic-coast-rainforest'(rand) {
    const sun = { x: 820, y: 520, r: 44, color: '#fff4d6' };
    let stacks = '';
    for (const [x, w, h] of [[280, 130, 360], [470, 70, 220], [1180, 170, 420], [1390, 90, 250]]) {
      const top = 700 - h;
      stacks += `<path d="M${x - w * 0.75},700 C${x - w * 0.6},640 ${x - w / 2 - 6},560 ${x - w / 2 + 8},${top + 60} L${x - w / 2 + 14},${top + 36} Q${x},${top - 10} ${x + w / 2 - 8},${top + 30} L${x + w / 2 + 4},${top + 90} C${x + w / 2 + 10},560 ${x + w * 0.6},650 ${x + w * 0.8},700 Z" fill="#1e2f2a"/>`;
      const r = { pts: [[x - w / 2, top + 30], [x + w / 2, top + 30]] };
      stacks += pines(rand, r, x - w / 2 + 14, x + w / 2 - 14, Math.round(w / 18), 70, '#1a2a24');
    }
    return frame({
      sky: [[0, '#8fa9b0'], [0.55, '#d8dccd'], [1, '#f8e6c4']],
      sun,
      glowColor: '#fff0cc',
      body: `${clouds(rand, W, 420, 6, '#ffffff', 0.5)}
      <rect y="690" width="${W}" height="${H - 690}" fill="#6f8c8c"/>
      <g id="stacks">${stacks}</g>
      ${reflect('stacks', 700, 0.3)}
      <rect x="0" y="600" width="${W}" height="140" fill="#eef0e6" opacity="0.55" filter="url(#soft)"/>
      <path d="M0,800 Q400,780 800,810 T${W},800" stroke="#f4f1e4" stroke-width="5" fill="none" opacity="0.7"/>
      <path d="M0,${H} V860 Q600,830 ${W},880 V${H} Z" fill="#c8b99a"/>
      <path d="M0,${H} V930 Q600,900 ${W},950 V${H} Z" fill="#a89877"/>
      <path d="M80,920 l260,-30 l10,12 l-262,30 Z" fill="#6b5a44"/>
      ${pines(rand, { pts: [[0, 880], [260, 880]] }, 0, 200, 6, 300, '#14211d')}`,
    });
  },

  'grand-teton-autumn'(rand) {
    const sun = { x: 300, y: 260, r: 42, color: '#fff6dc' };
    const { svg } = range(rand, {
      far: '#9aa6bd',
      near: '#3d3f56',
      haze: '#f6dcc0',
      layers: [
        { base: 560, peaks: [{ x: 0.52, w: 0.06, h: 420 }, { x: 0.6, w: 0.05, h: 330 }, { x: 0.44, w: 0.06, h: 300 }, { x: 0.7, w: 0.1, h: 220 }, { x: 0.3, w: 0.12, h: 180 }], rough: 16, steep: 1.2 },
      ],
    });
    const near = ridge(rand, { W, H, base: 600, peaks: [{ x: 0.1, w: 0.2, h: 30 }], rough: 6 });
    const trees = `${pines(rand, near, 0, W, 40, 70, '#2f3d2f')}${broadleaves(rand, near, 0, 520, 26, 80, ['#f2b441', '#e89a2b', '#f7cf5a', '#d7782c'])}${broadleaves(rand, near, 1080, 1600, 22, 80, ['#f2b441', '#e89a2b', '#f7cf5a'])}`;
    return frame({
      sky: [[0, '#5d83b5'], [0.55, '#b9c8d8'], [1, '#f8dcb8']],
      sun,
      glowColor: '#ffe9c2',
      body: `${clouds(rand, W, 180, 4, '#ffffff', 0.5)}
      <g id="land">${svg}<path d="M760,${560 - 400} l-30,90 l40,-20 l20,60 l30,-70 l28,30 Z" fill="#ffffff" opacity="0.8"/>
        <path d="${near.d}" fill="#4a5236"/>${trees}</g>
      <rect y="640" width="${W}" height="${H - 640}" fill="#57708e"/>
      ${reflect('land', 640, 0.45)}
      <path d="M0,${H} V900 Q500,860 1000,900 T${W},880 V${H} Z" fill="#6b5a2e"/>
      ${broadleaves(rand, { pts: [[0, 910], [W, 890]] }, 1200, 1580, 8, 160, ['#f2b441', '#d7782c'])}`,
    });
  },

  'new-orleans-portrait-light'() {
    let facade = '';
    const colors = ['#c96f5a', '#d7a25b', '#6f8f8a', '#b8747f'];
    for (let i = 0; i < 4; i++) {
      const x = i * 400;
      facade += `<rect x="${x}" y="140" width="404" height="${H - 140}" fill="${colors[i]}"/>`;
      for (let j = 0; j < 3; j++) {
        const wx = x + 50 + j * 120;
        facade += `<path d="M${wx},330 v-120 a40,40 0 0 1 80,0 v120 Z" fill="#2a1f26" opacity="0.85"/>`;
        facade += `<path d="M${wx},620 v-130 a40,40 0 0 1 80,0 v130 Z" fill="#2a1f26" opacity="0.85"/>`;
        facade += `<rect x="${wx - 6}" y="206" width="10" height="124" fill="#3a6b5a"/><rect x="${wx + 76}" y="206" width="10" height="124" fill="#3a6b5a"/>`;
      }
    }
    let rail = '';
    for (const y of [330, 620]) {
      rail += `<rect x="0" y="${y}" width="${W}" height="14" fill="#1b1418"/><rect x="0" y="${y + 80}" width="${W}" height="6" fill="#1b1418"/>`;
      for (let x = 0; x < W; x += 18) rail += `<rect x="${x}" y="${y}" width="4" height="86" fill="#1b1418"/>`;
      for (let x = 9; x < W; x += 36) rail += `<circle cx="${x}" cy="${y + 45}" r="9" fill="none" stroke="#1b1418" stroke-width="3"/>`;
    }
    return frame({
      sky: [[0, '#f6d7a8'], [1, '#f3c08a']],
      sun: null,
      glowAt: { x: 800, y: 420 },
      glowColor: '#fff0c0',
      body: `${facade}
      <g fill="#3f7a4a">${Array.from({ length: 16 }, (_, i) => `<ellipse cx="${60 + i * 100}" cy="${432 + (i % 3) * 6}" rx="40" ry="26"/>`).join('')}</g>
      ${rail}
      <rect x="0" y="${H - 160}" width="${W}" height="160" fill="#5a4a44"/>
      <rect width="${W}" height="${H}" fill="url(#sunglow)" opacity="0.8"/>
      <path d="M1180,${H} V620 M1150,620 h60 v-40 h-60 Z" stroke="#1b1418" stroke-width="10" fill="#ffe4a0"/>
      <circle cx="680" cy="680" r="40" fill="#1b1418"/>
      <path d="M600,${H} C600,820 630,740 680,740 C730,740 762,820 762,${H} Z" fill="#1b1418"/>
      <path d="M640,662 C646,626 700,620 718,650 C730,672 724,700 712,720 C706,690 690,670 640,662 Z" fill="#1b1418"/>
      <polygon points="260,560 640,640 640,900 280,760" fill="#fff2cf" opacity="0.25"/>
      <path d="M250,${H} L270,560 M270,560 L220,${H} M270,560 L320,${H}" stroke="#1b1418" stroke-width="6"/>
      <ellipse cx="270" cy="540" rx="70" ry="36" fill="#fff6dd" stroke="#1b1418" stroke-width="6"/>`,
    });
  },

  'canyonlands-arches-backcountry'(rand) {
    const land = ridge(rand, { W, H, base: 760, peaks: [{ x: 0.85, w: 0.1, h: 120 }], rough: 8, steep: 3 });
    return frame({
      sky: [[0, '#0b1026'], [0.55, '#1e2a52'], [0.85, '#3f3c6a'], [1, '#8a5a6a']],
      sun: null,
      glowColor: '#3a4a8a',
      body: `${stars(rand, W, H, 380, 700)}
      <g filter="url(#soft)" transform="rotate(-28 800 420)"><ellipse cx="800" cy="420" rx="900" ry="70" fill="#c8c6e8" opacity="0.35"/><ellipse cx="820" cy="430" rx="600" ry="36" fill="#f3e6d8" opacity="0.35"/><ellipse cx="760" cy="410" rx="500" ry="14" fill="#2a2340" opacity="0.6"/></g>
      <path d="${land.d}" fill="#3a1f24"/>
      <path fill="#2a161b" fill-rule="evenodd" d="M360,820 C380,700 400,600 390,520 C380,400 520,330 660,340 C820,350 900,420 930,520 C950,600 930,720 960,820 Z M470,820 C480,720 500,620 520,560 C550,480 600,450 660,452 C740,456 800,500 820,580 C836,660 836,740 850,820 Z"/>
      <path d="M0,${H} V840 Q800,800 ${W},850 V${H} Z" fill="#1c0f13"/>
      <path d="M1150,850 l40,-60 l40,60 Z" fill="#ffcf80"/><path d="M1150,850 l40,-60 l40,60 Z" fill="#ffb050" filter="url(#soft)" opacity="0.8"/>
      ${photographer(1390, 850, 1.3, '#0e070a')}`,
    });
  },

  'everglades-wading-birds'(rand) {
    const sun = { x: 1120, y: 500, r: 56, color: '#fff0c8' };
    const trees = ridge(rand, { W, H, base: 600, peaks: [{ x: 0.3, w: 0.1, h: 60 }, { x: 0.7, w: 0.15, h: 40 }], rough: 22 });
    let grass = '';
    for (let i = 0; i < 140; i++) {
      const x = rand() * W;
      const h = 30 + rand() * 70;
      const lean = (rand() - 0.5) * 50;
      grass += `<path d="M${f(x - 5)},${H} Q${f(x + lean * 0.3)},${f(H - h)} ${f(x + lean)},${f(H - h - 50)} Q${f(x + lean * 0.3 + 4)},${f(H - h)} ${f(x + 5)},${H} Z" fill="${rand() < 0.5 ? '#2f3f25' : '#46573a'}"/>`;
    }
    return frame({
      sky: [[0, '#6c8fb0'], [0.5, '#e9b98a'], [1, '#fbe2b0']],
      sun,
      glowColor: '#ffe3a8',
      body: `${clouds(rand, W, 320, 6, '#f7caa0', 0.5)}
      <g id="land"><path d="${trees.d}" fill="#3f5a3a"/></g>
      <defs>${vgrad('water', [[0, '#f3cf9c'], [0.5, '#b9a58f'], [1, '#6f8aa3']])}</defs>
      <rect y="620" width="${W}" height="${H - 620}" fill="url(#water)"/>
      ${reflect('land', 620, 0.35)}
      <rect x="${sun.x - 12}" y="640" width="24" height="200" fill="#fff0c8" opacity="0.5" filter="url(#haze)"/>
      ${heron(620, 860, 2.4, '#fbfaf4', '#3a3024')}${heron(880, 830, 1.6, '#f4a3b4', '#3a3024')}
      ${birds(rand, 200, 700, 250, 400, 5, '#3f5a3a', 14)}
      ${grass}`,
    });
  },

  // Portrait of the instructor at work, for the about page (tall).
  instructor(rand) {
    const w = 800;
    const h = 1000;
    const r1 = ridge(rand, { W: w, H: h, base: 520, peaks: [{ x: 0.7, w: 0.15, h: 200 }, { x: 0.2, w: 0.2, h: 120 }], rough: 10, steep: 1.6 });
    const r2 = ridge(rand, { W: w, H: h, base: 640, peaks: [{ x: 0.4, w: 0.3, h: 120 }], rough: 10, steep: 2 });
    const rim = ridge(rand, { W: w, H: h, base: 820, peaks: [{ x: 0.3, w: 0.5, h: 60 }], rough: 6 });
    return frame({
      w,
      h,
      sky: [[0, '#35527a'], [0.5, '#d9987a'], [1, '#ffd9a6']],
      sun: { x: 665, y: 300, r: 44, color: '#fff2d2' },
      glowColor: '#ffd7a0',
      body: `<defs>${vgrad('r1', [[0, '#c9826e'], [1, '#9b5a4f']])}${vgrad('r2', [[0, '#8a4636'], [1, '#5e2e25']])}</defs>
      ${clouds(rand, w, 200, 3, '#f6c2a4', 0.5, 0.6)}
      <path d="${r1.d}" fill="url(#r1)"/><path d="${r2.d}" fill="url(#r2)"/>
      <path d="${rim.d}" fill="#2b1714"/>
      ${photographer(300, ridgeY(rim, 300) + 6, 3.2, '#2b1714')}
      ${birds(rand, 420, 700, 220, 320, 3, '#35527a', 12)}`,
    });
  },

  // A top-down flat-lay of the required kit, for the equipment page.
  equipment() {
    const w = 1200;
    const h = 900;
    const shadow = (inner) => `<g filter="url(#drop)">${inner}</g>`;
    const camera = (x, y) => `<g transform="translate(${x} ${y}) rotate(-8)">
      <rect x="-150" y="-95" width="300" height="190" rx="34" fill="#26292b"/>
      <rect x="-150" y="-95" width="300" height="48" rx="24" fill="#313537"/>
      <rect x="-120" y="-122" width="70" height="34" rx="8" fill="#26292b"/>
      <rect x="70" y="-112" width="44" height="24" rx="6" fill="#3a3e40"/>
      <circle cx="90" cy="-100" r="9" fill="#b4541a"/>
      <circle cx="0" cy="10" r="92" fill="#1b1d1e"/><circle cx="0" cy="10" r="72" fill="#2f3436"/>
      <circle cx="0" cy="10" r="52" fill="#141617"/><circle cx="0" cy="10" r="34" fill="#27435a"/>
      <circle cx="-12" cy="-2" r="12" fill="#8fb3c9" opacity="0.7"/></g>`;
    const lens = (x, y) => `<g transform="translate(${x} ${y}) rotate(14)">
      <rect x="-70" y="-210" width="140" height="420" rx="18" fill="#e9e6df"/>
      <rect x="-70" y="-120" width="140" height="60" fill="#d6d2c8"/>
      <rect x="-74" y="40" width="148" height="70" rx="6" fill="#2c2f31"/>
      ${Array.from({ length: 9 }, (_, i) => `<rect x="-74" y="${46 + i * 7}" width="148" height="3" fill="#3f4345"/>`).join('')}
      <rect x="-62" y="200" width="124" height="30" rx="8" fill="#2c2f31"/>
      <rect x="-80" y="-236" width="160" height="40" rx="10" fill="#2c2f31"/>
      <rect x="-30" y="-60" width="60" height="8" rx="4" fill="#b4541a"/></g>`;
    const battery = (x, y, r) => `<g transform="translate(${x} ${y}) rotate(${r})">
      <rect x="-34" y="-56" width="68" height="112" rx="10" fill="#2f3335"/>
      <rect x="-22" y="-66" width="14" height="12" rx="2" fill="#c9a24a"/><rect x="8" y="-66" width="14" height="12" rx="2" fill="#c9a24a"/>
      <rect x="-24" y="-10" width="48" height="26" rx="4" fill="#f1ece1" opacity="0.85"/></g>`;
    const card = (x, y, r, color) => `<g transform="translate(${x} ${y}) rotate(${r})">
      <path d="M-30,-40 h44 l16,16 v64 h-60 Z" fill="${color}"/>
      <rect x="-22" y="-32" width="32" height="30" rx="3" fill="#fbfaf6" opacity="0.9"/>
      <text x="-6" y="-11" font-family="Arial, sans-serif" font-size="12" font-weight="700" text-anchor="middle" fill="#1c2420">64</text>
      ${Array.from({ length: 5 }, (_, i) => `<rect x="${-24 + i * 9}" y="24" width="5" height="12" fill="#c9a24a"/>`).join('')}</g>`;
    const tripod = `<g transform="translate(980 470) rotate(78)">
      <rect x="-330" y="-26" width="660" height="52" rx="12" fill="#3a3e40"/>
      <rect x="-330" y="-10" width="660" height="6" fill="#2a2d2f"/>
      <rect x="-80" y="-34" width="26" height="68" rx="6" fill="#b4541a"/><rect x="90" y="-34" width="26" height="68" rx="6" fill="#b4541a"/>
      <rect x="330" y="-44" width="90" height="88" rx="18" fill="#26292b"/></g>`;
    const flash = `<g transform="translate(450 700) rotate(-12)">
      <rect x="-60" y="-70" width="120" height="130" rx="16" fill="#2c2f31"/>
      <rect x="-80" y="-150" width="160" height="90" rx="14" fill="#26292b"/>
      <rect x="-66" y="-140" width="132" height="70" rx="8" fill="#f6f3ea" opacity="0.92"/>
      <rect x="-40" y="60" width="80" height="20" rx="4" fill="#3a3e40"/></g>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="board" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8dcc6"/><stop offset="1" stop-color="#d9c7a8"/></linearGradient>
    <filter id="drop" x="-20%" y="-20%" width="150%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="10"/><feOffset dx="10" dy="14"/><feComponentTransfer><feFuncA type="linear" slope="0.28"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#board)"/>
  ${Array.from({ length: 9 }, (_, i) => `<rect y="${i * 100 + 98}" width="${w}" height="2" fill="#c9b48f" opacity="0.45"/>`).join('')}
  <path d="M40,60 L400,20 L420,250 L60,300 Z" fill="#1f3a2e" opacity="0.92"/>
  <path d="M70,80 L380,46 M76,120 L360,90 M82,160 L300,136" stroke="#f6d9a8" stroke-width="6" stroke-linecap="round" opacity="0.55"/>
  ${shadow(tripod)}
  ${shadow(camera(560, 330))}
  ${shadow(lens(230, 520))}
  ${shadow(flash)}
  ${shadow(battery(640, 640, 12))}${shadow(battery(740, 700, -6))}${shadow(battery(840, 640, 20))}
  ${shadow(card(620, 800, -14, '#1f3a2e'))}${shadow(card(710, 820, 8, '#b4541a'))}${shadow(card(540, 830, 24, '#27435a'))}
</svg>
`;
  },

  // Photographers in a row on a ridge at sunset, for the about-us page (wide).
  'about-us'(rand) {
    const h = 700;
    const r1 = ridge(rand, { W, H: h, base: 380, peaks: [{ x: 0.3, w: 0.15, h: 180 }, { x: 0.75, w: 0.12, h: 150 }], rough: 12, steep: 1.4 });
    const r2 = ridge(rand, { W, H: h, base: 480, peaks: [{ x: 0.55, w: 0.3, h: 100 }], rough: 10 });
    const crest = ridge(rand, { W, H: h, base: 640, peaks: [{ x: 0.5, w: 0.6, h: 70 }], rough: 4 });
    let people = '';
    [470, 610, 760, 900, 1050, 1190].forEach((x, i) => {
      people += photographer(x, ridgeY(crest, x) + 6, 0.9 + (i % 2) * 0.1, '#1d1523');
    });
    return frame({
      h,
      sky: [[0, '#3b3a6b'], [0.5, '#c27a86'], [1, '#f7c08d']],
      sun: { x: 1300, y: 300, r: 40, color: '#fff0cf' },
      glowColor: '#ffd1a0',
      body: `<defs>${vgrad('r1', [[0, '#9a6f8f'], [1, '#6d4e73']])}${vgrad('r2', [[0, '#5a3f60'], [1, '#3d2b46']])}</defs>
      ${clouds(rand, W, 180, 5, '#f3b7a3', 0.45)}
      <path d="${r1.d}" fill="url(#r1)"/><path d="${r2.d}" fill="url(#r2)"/>
      <path d="${crest.d}" fill="#1d1523"/>
      ${people}`,
    });
  },
};

// ---------------------------------------------------------------- write

const files = {
  hero: 'hero.svg',
  equipment: 'equipment.svg',
  instructor: 'instructor.svg',
  'about-us': 'about-us.svg',
};
let count = 0;
for (const [id, draw] of Object.entries(scenes)) {
  const file = files[id] ?? path.join('workshops', `${id}.svg`);
  const svg = draw(rng(id)).replace(/\n\s+/g, '\n');
  fs.writeFileSync(path.join(out, file), svg);
  count++;
}
console.log(`Wrote ${count} illustrations to ${out}`);
