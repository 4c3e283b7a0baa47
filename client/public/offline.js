// The offline page's one action: load the address the visitor asked for again (the CSP allows no inline script).
document.getElementById('retry').addEventListener('click', () => location.reload());
window.addEventListener('online', () => location.reload());
