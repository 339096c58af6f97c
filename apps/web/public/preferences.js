/* global document, window */
// Applies the stored colour scheme and language direction before the app loads, so the first paint
// already matches them.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('theme');
    var scheme =
      theme === 'dark' || theme === 'light'
        ? theme
        : window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    root.setAttribute('data-mantine-color-scheme', scheme);
    var lang = localStorage.getItem('lang') || localStorage.getItem('i18nextLng') || '';
    if (lang.slice(0, 2) === 'ar') {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
  } catch {
    /* storage unavailable: the app applies its defaults */
  }
})();
