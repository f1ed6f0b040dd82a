/** Preload: exposes the narrow DesktopApi, nothing else (contextIsolation and sandbox are on). */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type DesktopApi } from '../shared/api.ts';

const api: DesktopApi = {
  version: () => ipcRenderer.invoke(IPC.version),
  serverUrl: () => ipcRenderer.invoke(IPC.serverUrl),
  openMediaFiles: () => ipcRenderer.invoke(IPC.openMediaFiles),
};

contextBridge.exposeInMainWorld('discReferee', api);
