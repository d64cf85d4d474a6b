/**
 * Who holds a live messenger socket in this process. The socket layer registers how to tell;
 * the messenger asks before pushing ("not connected" → a push). Per process by design: behind a
 * balancer a person connected to another instance may also get a push, which the service worker
 * leaves unshown when a window of the site already shows that room.
 */
export interface Presence {
  isConnected(userId: number): boolean;
  /** The socket layer's view; returns the unregister. */
  register(check: (userId: number) => boolean): () => void;
}

export function createPresence(): Presence {
  const checks = new Set<(userId: number) => boolean>();
  return {
    isConnected: (userId) => [...checks].some((check) => check(userId)),
    register(check) {
      checks.add(check);
      return () => checks.delete(check);
    },
  };
}
