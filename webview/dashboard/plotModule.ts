// Observable Plot (with d3, most of the dashboard's code) as a lazy module of the webviews' lazy
// build (dist/webview/lazy/): PlotFigure imports it on first use, after the tables have painted.
export * from '@observablehq/plot';
