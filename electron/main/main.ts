/**
 * Desktop shell: starts the local server and shows the operator UI it serves. The UI is the
 * same one a plain browser gets; the shell adds file dialogs through the preload API.
 */
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { join } from 'node:path';
import { IPC } from '../shared/api.ts';
import { startServer } from '../../server/start-server.ts';

async function createWindow(serverUrl: string): Promise<void> {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'disc-referee',
    webPreferences: {
      preload: join(import.meta.dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  // Links to other sites open in the user's browser, never inside the shell.
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  await win.loadURL(serverUrl);
}

async function start(): Promise<void> {
  await app.whenReady();
  const server = await startServer({ port: 0, staticDir: join(app.getAppPath(), 'renderer', 'dist') });
  ipcMain.handle(IPC.version, () => app.getVersion());
  ipcMain.handle(IPC.serverUrl, () => server.url);
  ipcMain.handle(IPC.openMediaFiles, async () => {
    const r = await dialog.showOpenDialog({
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Images and videos', extensions: ['png', 'jpg', 'jpeg', 'mp4', 'y4m', 'mjpeg', 'webm', 'mov'] }],
    });
    return r.canceled ? [] : r.filePaths;
  });
  await createWindow(server.url);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow(server.url);
  });
  app.on('window-all-closed', () => {
    void server.close();
    if (process.platform !== 'darwin') app.quit();
  });
}

void start();
