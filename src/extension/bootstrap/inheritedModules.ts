// A `require` that hands the host bundle some modules as objects that inherit them instead of holding
// them. esbuild compiles each `import * as vscode from 'vscode'` of a CommonJS bundle to `__toESM(
// require('vscode'))`, which defines a getter on a new object for every own property of the module:
// the host bundle has ~46 such imports and VS Code's API has hundreds of properties, so that is
// thousands of getters on every start (tens of ms on 2 cores while the window starts). An object
// whose prototype is the API has no own properties to copy, and reads the same values through its
// prototype (`__toESM` starts from `Object.create(Object.getPrototypeOf(module))`).

/** `base`, except that each of `ids` is returned as one object inheriting the real module (objects only). */
export function requireWithInheritedModules(base: NodeJS.Require, ids: readonly string[]): NodeJS.Require {
  const views = new Map<string, unknown>();
  const inherited = (id: string): unknown => {
    if (!ids.includes(id)) return base(id);
    if (!views.has(id)) {
      const real: unknown = base(id);
      views.set(id, real !== null && typeof real === 'object' ? Object.create(real) : real);
    }
    return views.get(id);
  };
  return Object.assign(inherited, {
    resolve: base.resolve,
    cache: base.cache,
    main: base.main,
    extensions: base.extensions,
  });
}
