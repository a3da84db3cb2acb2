/**
 * The first stage of starting the app on a server-rendered page: React and React DOM, evaluated in
 * a task of their own before the app (see `paintBeforeScripts` in src/server/http/pages.ts). The
 * app's entry imports the same modules, already evaluated by then; a page that does not load the
 * stages (the dashboard's shell) evaluates them with the entry, as usual.
 */
import 'react';
import 'react-dom/client';
