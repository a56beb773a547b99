// The shared-view app (/share/): hash routes, icon font checked before mounting.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'material-icons/iconfont/filled.css';
import '../components/theme.css';
import './share.css';
import { ensureIconFont } from '../lib/iconFont.ts';
import { ShareApp } from './ShareApp.tsx';

async function start() {
  if (!(await ensureIconFont())) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShareApp />
    </StrictMode>,
  );
}

void start();
