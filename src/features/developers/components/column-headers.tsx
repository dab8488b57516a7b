type ColumnHeadersProps = { labels: string[] };

/**
 * The header row of a /developers table. The roles are explicit: on a phone the tables are
 * stacked with CSS `display`, which makes some browsers drop their table semantics.
 */
export function ColumnHeaders({ labels }: ColumnHeadersProps) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {labels.map((label) => (
          <th key={label} scope="col" role="columnheader">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
