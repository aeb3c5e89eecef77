/** A star rating as icons, read by screen readers as "4 out of 5 stars". */
export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  const value = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={`${value} out of ${max} stars`}>
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} className={i < value ? 'star star--on' : 'star'} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z" />
        </svg>
      ))}
    </span>
  );
}
