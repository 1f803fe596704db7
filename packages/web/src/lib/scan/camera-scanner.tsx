import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createFrameDecoder } from './decode.ts';

const FRAME_INTERVAL_MS = 200;

/**
 * The back camera's picture, read a few times a second until a code is found (then `onScan`, once).
 * The stream stops when the component goes, so the camera light never stays on.
 */
export function CameraScanner({ onScan }: { onScan: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play();
      const decoder = await createFrameDecoder();
      const tick = async () => {
        if (stopped || !video.current) return;
        const text = await decoder.decode(video.current);
        if (stopped) return;
        if (text) latest.current(text);
        else timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    };
    start().catch(() => !stopped && setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  if (failed)
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('scan.cameraError', 'De camera kan niet worden gebruikt. Gebruik de handscanner of typ de code.')}
      </Text>
    );
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('scan.cameraView', 'Camerabeeld')}
      data-testid="scan-camera"
      style={{ width: '100%', maxWidth: 320, maxHeight: 200, objectFit: 'cover', borderRadius: 8 }}
    />
  );
}
