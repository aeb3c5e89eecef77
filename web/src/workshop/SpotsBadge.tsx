/** Availability at a glance: cancelled, taken place, under way, sold out, few left, or open. */
export function SpotsBadge({ spots, hasStarted = false, hasEnded = true, cancelled = false }: { spots: number; hasStarted?: boolean; hasEnded?: boolean; cancelled?: boolean }) {
  if (cancelled) return <span className="badge badge--grey">Cancelled</span>;
  if (hasStarted) return <span className="badge badge--grey">{hasEnded ? 'Past workshop' : 'Under way'}</span>;
  if (spots <= 0) return <span className="badge badge--danger">Sold Out</span>;
  if (spots <= 3) return <span className="badge badge--warning">Only {spots} {spots === 1 ? 'spot' : 'spots'} left</span>;
  return <span className="badge badge--success">{spots} spots available</span>;
}
