/** The apps' host chunk (the view, the host, the sandbox relay), fetched ahead when a tool listing has apps (compose.ts) or when the first app opens. */
export const loadAppsArea = () => import("./components/AppsArea");
