/**
 * A store made when a screen first asks for it rather than with the RootStore (only the screens that
 * use it import its file, so the H5 first screen does not download it). One per root (the running app has one),
 * so what it holds lives as long as the app, as it did in the RootStore.
 */
export function onePerRoot<Root extends object, T>(make: (root: Root) => T): (root: Root) => T {
  const made = new WeakMap<Root, T>();
  return (root) => {
    let store = made.get(root);
    if (!store) {
      store = make(root);
      made.set(root, store);
    }
    return store;
  };
}
