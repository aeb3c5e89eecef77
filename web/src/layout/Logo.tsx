/** The brand mark: a stylised aperture over a ridge line. Decorative. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#1f3a2e" />
      <path d="M4 22l7-8 5 5 4-4 8 7v2a14 14 0 0 1-24 0z" fill="#e07a3a" />
      <circle cx="21" cy="10" r="3" fill="#f6d9a8" />
    </svg>
  );
}
