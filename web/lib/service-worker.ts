/**
 * Registers the service worker (/sw.js) once the page has loaded and the browser is idle: an inline
 * script of the document (marked with the render's nonce), so the public pages' first-load
 * JavaScript does not grow. Production only: in development Vite serves the modules itself.
 */
export const serviceWorkerBootScript = `if('serviceWorker'in navigator)addEventListener('load',function(){(window.requestIdleCallback||setTimeout)(function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})})`;
