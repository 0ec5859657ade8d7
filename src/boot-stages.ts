/**
 * The app's code beyond its entry (src/main.tsx), asked for together and evaluated each in a
 * task of its own as it arrives: React's DOM renderer, the query cache with the router's React
 * bindings, the routes with the app's shell, the device's data. Run at once, evaluating it all
 * was the longest task of a phone's cold load (issue 18); between the tasks the browser may
 * paint and answer a tap. The server preloads them with every page of the app
 * (server/plugins/first-page-preload.ts); the landing, which has no such preloads, asks for them
 * beside the entry when it starts the app (src/landing.ts).
 */
export const loadBootStages = () =>
  Promise.all([
    import('react-dom/client'),
    import('./app'),
    import('./router'),
    import('./features/offline/device-data'),
  ])
