import { useEffect, useState } from 'react';
import { pingExtension } from '../lib/extension-channel';

/** null while the ping is out, then whether the extension answered. */
export function useExtensionDetected(): boolean | null {
  const [detected, setDetected] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    void pingExtension().then((present) => {
      if (active) setDetected(present);
    });
    return () => {
      active = false;
    };
  }, []);
  return detected;
}
