import { getInstance } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType } from 'react';
import { bootData } from './boot-data.js';

/** The remotes the shell knows; where each one lives is read at runtime from /remotes.json. */
export type RemoteName = 'visitor_flow' | 'admin_console' | 'copy_editor';

let registration: Promise<void> | undefined;

function fetchRemoteMap(): Promise<Record<string, string>> {
  return fetch('/remotes.json', { cache: 'no-cache' }).then((r) => {
    if (!r.ok) throw new Error(`remotes.json ${r.status}`);
    return r.json() as Promise<Record<string, string>>;
  });
}

/** Reads the runtime map (name → mf-manifest.json URL) once and registers every remote with the federation runtime. */
function registerRemotes(): Promise<void> {
  const inlined = bootData().remotes;
  registration ??= (inlined ? Promise.resolve(inlined) : fetchRemoteMap())
    .then((map) => {
      const instance = getInstance();
      if (!instance) throw new Error('federation runtime missing');
      instance.registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).href })));
    })
    .catch((err: unknown) => {
      registration = undefined; // a later navigation may try again
      throw err;
    });
  return registration;
}

async function loadRemoteRoutes(name: RemoteName): Promise<{ default: ComponentType }> {
  await registerRemotes();
  const instance = getInstance()!;
  const mod = await instance.loadRemote<{ default: ComponentType }>(`${name}/routes`);
  if (!mod?.default) throw new Error(`${name} exposes no routes`);
  return mod;
}

const loading = new Map<RemoteName, Promise<{ default: ComponentType }>>();

function load(name: RemoteName): Promise<{ default: ComponentType }> {
  let promise = loading.get(name);
  if (!promise) {
    promise = loadRemoteRoutes(name);
    loading.set(name, promise);
    promise.catch(() => loading.delete(name));
  }
  return promise;
}

/** Starts loading a remote before its area renders (e.g. while the staff sign-in state is read). */
export function preloadRemote(name: RemoteName): void {
  load(name).catch(() => {
    // the area's error boundary reports it when it renders
  });
}

const cache = new Map<RemoteName, ComponentType>();

/** The remote's route element as a lazy component; a failed load rejects, for the area's error boundary to show its fallback. */
export function remoteRoutes(name: RemoteName): ComponentType {
  let component = cache.get(name);
  if (!component) {
    component = lazy(() => load(name));
    cache.set(name, component);
  }
  return component;
}

/** After a failure, "try again" starts from a fresh lazy component. */
export function forgetRemote(name: RemoteName): void {
  cache.delete(name);
  loading.delete(name);
}
