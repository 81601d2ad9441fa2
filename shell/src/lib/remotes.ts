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
      instance.registerRemotes(
        Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).href })),
      );
    })
    .catch((err: unknown) => {
      registration = undefined; // a later navigation may try again
      throw err;
    });
  return registration;
}

/** What a remote's `./routes` exposes: its routes, and (the visitor flow) a way to load a screen before it renders. */
interface RemoteRoutes {
  default: ComponentType;
  preloadScreen?: (pathname: string) => Promise<void>;
}

async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutes> {
  await registerRemotes();
  const instance = getInstance()!;
  const mod = await instance.loadRemote<RemoteRoutes>(`${name}/routes`);
  if (!mod?.default) throw new Error(`${name} exposes no routes`);
  loaded.set(name, mod.default);
  return mod;
}

const loading = new Map<RemoteName, Promise<RemoteRoutes>>();
/** The routes of each remote loaded so far: rendered at once, without suspending. */
const loaded = new Map<RemoteName, ComponentType>();

function load(name: RemoteName): Promise<RemoteRoutes> {
  let promise = loading.get(name);
  if (!promise) {
    promise = loadRemoteRoutes(name);
    loading.set(name, promise);
    promise.catch(() => loading.delete(name));
  }
  return promise;
}

/**
 * Loads the visitor flow and the screen of `pathname`, for a first render that is the page
 * itself. Never rejects: what failed to load shows its fallback when it renders.
 */
export async function preloadVisitorScreen(pathname: string): Promise<void> {
  try {
    await (await load('visitor_flow')).preloadScreen?.(pathname);
  } catch {
    // the area's error boundary reports it when it renders
  }
}

/** Starts loading a remote before its area renders (e.g. while the staff sign-in state is read). */
export function preloadRemote(name: RemoteName): void {
  load(name).catch(() => {
    // the area's error boundary reports it when it renders
  });
}

const cache = new Map<RemoteName, ComponentType>();

/**
 * The remote's route element: its own component once loaded, else a lazy one (a failed load
 * rejects, for the area's error boundary to show its fallback). Kept once chosen, so the area
 * never changes component type under the visitor.
 */
export function remoteRoutes(name: RemoteName): ComponentType {
  let component = cache.get(name);
  if (!component) {
    component = loaded.get(name) ?? lazy(() => load(name));
    cache.set(name, component);
  }
  return component;
}

/** After a failure, "try again" starts from a fresh lazy component. */
export function forgetRemote(name: RemoteName): void {
  cache.delete(name);
  loading.delete(name);
  loaded.delete(name);
}
