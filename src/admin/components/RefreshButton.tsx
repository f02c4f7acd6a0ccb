/** A page header's "Refresh": loads the screen's list again without reloading the page. */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  return (
    <button type="button" className="button button-ghost button-sm" onClick={() => onRefresh()}>
      Refresh
    </button>
  );
}
