/** A confirm step's two buttons: do it (its busy label while it runs), or step back. */
export function ConfirmButtons({ busy, label, busyLabel, backLabel, onConfirm, onBack }: { busy: boolean; label: string; busyLabel: string; backLabel: string; onConfirm: () => void; onBack: () => void }) {
  return (
    <div className="manage__buttons">
      <button type="button" className="btn btn--primary" disabled={busy} onClick={onConfirm}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={onBack}>
        {backLabel}
      </button>
    </div>
  );
}
