/** Availability at a glance: sold out, few left, or open. */
export function SpotsBadge({ spots }: { spots: number }) {
  if (spots <= 0) return <span className="badge badge--danger">Sold Out</span>;
  if (spots <= 3) return <span className="badge badge--warning">Only {spots} {spots === 1 ? 'spot' : 'spots'} left</span>;
  return <span className="badge badge--success">{spots} spots available</span>;
}
