export function PageSpinner() {
  return (
    <div className="page-spinner" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
