/** Availability at a glance: taken place, sold out, few left, or open. */
export function SpotsBadge({ spots, hasStarted = false }: { spots: number; hasStarted?: boolean }) {
  if (hasStarted) return <span className="badge badge--grey">Past workshop</span>;
  if (spots <= 0) return <span className="badge badge--danger">Sold Out</span>;
  if (spots <= 3) return <span className="badge badge--warning">Only {spots} {spots === 1 ? 'spot' : 'spots'} left</span>;
  return <span className="badge badge--success">{spots} spots available</span>;
}
