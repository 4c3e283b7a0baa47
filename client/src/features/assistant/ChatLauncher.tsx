import { lazy, Suspense, useEffect, useState } from 'react';
import { assistantEnabled } from './stream';

const ChatWidget = lazy(() => import('./ChatWidget').then((m) => ({ default: m.ChatWidget })));

/** The visitors' assistant, on every page when an admin has enabled it: its code loads only then. */
export function ChatLauncher() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    void assistantEnabled().then(setEnabled);
  }, []);
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
