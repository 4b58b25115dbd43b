import { createElement, lazy, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, fetched when first rendered or preloaded. */
export type LazyComponent<P extends object> = {
  /** Renders the component; it suspends only while its chunk is still on its way. */
  Component: ComponentType<P>;
  /** Fetches and runs the chunk; calling it again shares the first fetch. */
  preload: () => Promise<unknown>;
  /** Whether the chunk has arrived, so that the component renders without suspending. */
  loaded: () => boolean;
};

/**
 * React.lazy suspends on any promise, a settled one too, for at least one commit, and React then
 * holds the reveal back for a moment: a component whose chunk is already here would flash empty. A
 * thenable that answers at once lets React.lazy resolve it in the same render.
 */
function answeredAtOnce<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (value: T) => void) => onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}

/** Every lazy component made, so that "Try again" can ask again for any chunk that failed. */
const made = new Set<{ retry: () => void }>();

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A later preload (or the component itself) asks again rather than keep a failed fetch.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const fresh = () => lazy(() => (loaded ? answeredAtOnce({ default: loaded }) : preload().then((component) => ({ default: component }))));
  let current = fresh();
  // React.lazy keeps a failed load for good (rendered again, it throws the same error without asking
  // again), so this renders the lazy component of the moment, and a retry makes a new one.
  const Component = (props: P) => createElement(current, props);
  // After a failed fetch (retryFailedChunks): the next render fetches the chunk again.
  made.add({
    retry: () => {
      if (!loaded) current = fresh();
    },
  });
  return { Component, preload, loaded: () => loaded !== null };
}

/** A screen's "Try again": every chunk that could not be fetched (the screen's, its parts') is asked for again. */
export function retryFailedChunks(): void {
  for (const each of made) each.retry();
}
