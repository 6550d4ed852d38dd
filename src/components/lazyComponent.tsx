import { Suspense, type ComponentType } from 'react';
import { useServerRender, type LazyPart } from './lazyPart';

/**
 * A component of a lazily loaded module (`pick` takes it from the module), rendered as `Placeholder`
 * (given the same props) until the module arrives: the placeholder holds the component's place (its
 * root's class, so the same box; nothing where the component would render nothing) and is busy and
 * silent for assistive tech, never a fact of its own. A server render or
 * a hydration waits for the module (the placeholder is the fallback of a render that cannot wait),
 * and a module that fails to load is thrown as this render's error: the surface's error boundary
 * says so, instead of a placeholder that never fills.
 * @example
 * const LazyToolPart = lazyComponent(toolsModule, (m) => m.ToolPart, () => <div className="aui-tool-run" aria-busy="true" />);
 */
export function lazyComponent<M, P extends object>(part: LazyPart<M>, pick: (module: M) => ComponentType<P>, Placeholder: ComponentType<P>): ComponentType<P> {
  function Loaded(props: P) {
    const module = part.useModule(useServerRender(), { rethrow: true });
    if (!module) return <Placeholder {...props} />;
    const Component = pick(module);
    return <Component {...props} />;
  }
  return function Lazy(props: P) {
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
