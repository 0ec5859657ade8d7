import type { Plugin } from 'vite'

/** Vite plugin: the theme's CSS variables and baseline as a <style> in index.html. */
export function themeStylesheet(): Plugin
