/** "Load more" under a list read a page at a time (docs/decisions/075); nothing once the last page is in. */
export function LoadMore({ hasMore, loading, onLoad, label }: { hasMore: boolean; loading: boolean; onLoad: () => void; label: string }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn--outline admin-load-more" onClick={onLoad} disabled={loading}>
      {loading ? 'Loading...' : label}
    </button>
  );
}
