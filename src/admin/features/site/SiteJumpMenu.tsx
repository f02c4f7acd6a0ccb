// The Site screen's jump menu (docs/site-settings.md, "The Site screen"): a row of section buttons that stays at the
// top while the long form scrolls, each with how many of its fields still hold the sample text. Jumping only scrolls
// and moves focus to the section's heading, so nothing typed is touched.

export const SAMPLE_NOTE = 'Still the sample text — replace it.';

export interface JumpSection {
  /** The id of the section's heading (FormSection makes it from the title). */
  id: string;
  label: string;
  /** Fields in this section that still hold the demo's text. */
  samples: number;
}

/** Scrolls the section into view below the sticky bars and puts focus on its heading, for keyboard and screen reader. */
export function jumpTo(id: string): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  (heading.closest('section') ?? heading).scrollIntoView({
    behavior: reduceMotion ? 'auto' : 'smooth',
    block: 'start',
  });
}

export function SiteJumpMenu({ sections }: { sections: JumpSection[] }) {
  const total = sections.reduce((sum, section) => sum + section.samples, 0);
  return (
    <>
      {total > 0 ? (
        <p className="site-jump-summary">
          {total === 1 ? 'One text is' : `${total} texts are`} still the sample site’s: replace them with your own
          words. Until you do, a renamed site leaves out the sample practitioner’s personal details.
        </p>
      ) : null}
      <nav className="site-jump" aria-label="Site sections">
        <ul className="site-jump-list">
          {sections.map((section) => (
            <li key={section.id}>
              <button type="button" className="site-jump-button" onClick={() => jumpTo(section.id)}>
                {section.label}
                {section.samples > 0 ? (
                  <>
                    <span className="site-jump-count" aria-hidden="true">
                      {section.samples}
                    </span>
                    <span className="visually-hidden">
                      , {section.samples} sample {section.samples === 1 ? 'text' : 'texts'}
                    </span>
                  </>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** The calm note beside a field (or list) that still holds the sample text. */
export function SampleNote({ what }: { what?: string }) {
  return <p className="sample-note span-2">{what ? `${what} still the sample text — replace them.` : SAMPLE_NOTE}</p>;
}
