// Runs before the first paint (see index.html): the stored theme, else the system preference,
// else light — the same rule as src/client/colorScheme.ts — so the page never flashes.
(function () {
  var scheme = 'light';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  }
  var root = document.documentElement;
  root.classList.add(scheme);
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.style.colorScheme = scheme;
})();
