/** Readable labels for enum values shown on screen. */
export const WORKSHOP_TYPE_LABELS: Record<string, string> = {
  landscape: 'Landscape',
  portrait_posing: 'Portrait Posing',
  adventure: 'Adventure',
  storm_chasing: 'Storm Chasing',
  wildlife: 'Wildlife',
};

export const labelOf = (labels: Record<string, string>, value: string): string =>
  labels[value] ?? value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
