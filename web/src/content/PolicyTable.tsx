import type { PolicyRow } from './policyText';

/** A two-column table of policy tiers (days before the start → outcome). */
export function PolicyTable({ caption, rows, outcomeHeader }: { caption: string; rows: PolicyRow[]; outcomeHeader: string }) {
  return (
    <div className="table-wrap">
      <table className="policy-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Notice before the workshop starts</th>
            <th scope="col">{outcomeHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.window}>
              <th scope="row">{r.window}</th>
              <td>{r.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
