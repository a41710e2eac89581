/**
 * The one inline script of index.html (the Vite build writes it in, the server allows exactly
 * this text by its hash in the Content-Security-Policy). Before any bundle has loaded, it shows
 * the static copy of the login form on '/' to a signed-out visitor on the light theme, so the
 * form is the first paint on a slow phone; src/areas/auth/loginShell.ts hands what was typed
 * there to the real form. A submit of the copy is held until then, never sent as a GET.
 */
export const LOGIN_SHELL_SCRIPT =
  "(function(){try{if(location.pathname==='/'&&!localStorage.getItem('token')&&localStorage.getItem('theme')!=='dark')" +
  "document.documentElement.classList.add('flock-login')}catch(e){}document.addEventListener('submit',function(e){" +
  "if(e.target.id==='login-shell-form'){e.preventDefault();e.target.dataset.submitted='true'}})})()";
