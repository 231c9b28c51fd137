/**
 * Stands in for Pixi's environment extras (vite.config.mjs aliases pixi.js's browserAll.mjs and
 * webworkerAll.mjs here): they register the accessibility, DOM, event and filter systems, none of
 * which the games use (the canvas is hidden from screen readers, and pointers are read from DOM
 * events on it). Pixi's own index already registers rendering. So the page never downloads them.
 */
export {};
