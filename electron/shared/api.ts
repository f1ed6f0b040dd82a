/**
 * The one typed API between the renderer and the desktop shell. The preload exposes exactly
 * these functions through contextBridge; the same UI in a plain browser talks to the local
 * server over HTTP instead, so nothing here is required for the UI to work.
 */
export interface DesktopApi {
  /** Version of the desktop shell. */
  version(): Promise<string>;
  /** Base URL of the local server the shell started (static UI, WebSocket hub, overlays). */
  serverUrl(): Promise<string>;
  /** Ask the user for image/video files to analyse; resolves to their paths (empty when cancelled). */
  openMediaFiles(): Promise<string[]>;
}

/** IPC channel names, one per API function. */
export const IPC = {
  version: 'disc-referee:version',
  serverUrl: 'disc-referee:server-url',
  openMediaFiles: 'disc-referee:open-media-files',
} as const;
