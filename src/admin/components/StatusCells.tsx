import './StatusCells.css';
/** Table cells for the on/off flags that services and banners share, so both lists word and colour them alike. */
/** Services say "Draft" for inactive (docs/admin.md, "Draft preview"); banners keep "Inactive". */
export function StatusCell({ active, inactiveLabel = 'Inactive' }: { active: boolean; inactiveLabel?: string }) {
  return (
    <td data-label="Status">
      <span className={active ? 'badge badge-green' : 'badge badge-grey'}>{active ? 'Active' : inactiveLabel}</span>
    </td>
  );
}

export function FeaturedCell({ featured }: { featured: boolean }) {
  return (
    <td data-label="Featured">
      <span className={featured ? 'badge badge-gold' : 'badge badge-grey'}>{featured ? 'Featured' : 'Normal'}</span>
    </td>
  );
}
