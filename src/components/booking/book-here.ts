// The Book buttons of a service booked on this site go to the booking section of the same page (#book). Focusing
// the section is what wakes its island (client:interaction listens for focus inside it), so the picker's code loads
// when the visitor asks for it and not before (docs/bookings.md, "The visitor's flow").

export function watchBookHere(root: Document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-book-here]')) {
    link.addEventListener('click', (event) => {
      const section = root.getElementById('book');
      if (!section) return;
      event.preventDefault();
      section.focus({ preventScroll: true });
      section.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      history.replaceState(null, '', '#book');
    });
  }
}
