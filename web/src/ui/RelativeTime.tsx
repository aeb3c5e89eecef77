import { useEffect, useState } from 'react';
import { formatExactTime, formatRelativeTime } from './time';

/** The current time, refreshed every `intervalMs` so relative times stay true on an open page. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "5 minutes ago", with the exact date and time on hover and for machines. */
export function RelativeTime({ iso, now }: { iso: string; now: Date }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatExactTime(date)} suppressHydrationWarning>
      {formatRelativeTime(date, now)}
    </time>
  );
}
