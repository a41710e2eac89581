/**
 * The one inline script of index.html (the Vite build writes it in, the server allows exactly
 * this text by its hash in the Content-Security-Policy). Before any bundle has loaded, it shows
 * the static copy of the login form on '/' to a signed-out visitor on the light theme, so the
 * form is the first paint on a slow phone; src/areas/auth/loginShell.ts hands what was typed
 * there to the real form. A submit of the copy is held until then, never sent as a GET. Once the
 * page is parsed (before the deferred bundles run), the copy's texts are put in the reader's
 * language: the one chosen (react-admin's 'locale' store key), else the first of the browser's
 * that Flock speaks, from the data block the build wrote (docs/decisions/0231).
 */
export const LOGIN_SHELL_SCRIPT =
  "(function(){try{if(location.pathname==='/'&&!localStorage.getItem('token')&&localStorage.getItem('theme')!=='dark')" +
  "document.documentElement.classList.add('flock-login')}catch(e){}document.addEventListener('submit',function(e){" +
  "if(e.target.id==='login-shell-form'){e.preventDefault();e.target.dataset.submitted='true'}});" +
  "document.addEventListener('readystatechange',function(){if(document.readyState!=='interactive')return;try{" +
  "var t=JSON.parse(document.getElementById('login-shell-texts').textContent),l=JSON.parse(localStorage.getItem('RaStore.locale')||'null')," +
  "n=navigator.languages||[],i,c;for(i=0;!l&&i<n.length;i++){c=n[i].toLowerCase().split('-')[0];if(c==='en'||t[c])l=c}" +
  "var w=t[l];if(w){document.documentElement.lang=l;document.querySelectorAll('#login-shell [data-t]').forEach(function(e){" +
  'e.textContent=w[e.dataset.t]})}}catch(e){}})})()';
