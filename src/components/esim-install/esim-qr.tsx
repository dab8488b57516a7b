import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrMatrix, qrPath, renderQrPng, type QrMatrix } from '../../lib/qr';

/** On screen: big enough for a second phone's camera at arm's length. Quiet zone in modules. */
const QR_SIZE = 264;
const QR_MARGIN = 2;

type QrState = { status: 'loading' } | { status: 'ready'; matrix: QrMatrix } | { status: 'failed' };

function useQrMatrix(payload: string): QrState {
  // The state belongs to one payload: a new payload reads as loading until its matrix is made.
  const [drawn, setDrawn] = useState<{ payload: string; state: QrState } | null>(null);
  useEffect(() => {
    let live = true;
    createQrMatrix(payload).then(
      (matrix) => live && setDrawn({ payload, state: { status: 'ready', matrix } }),
      (error: unknown) => {
        console.error('The eSIM QR could not be made', error);
        if (live) setDrawn({ payload, state: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [payload]);
  return drawn?.payload === payload ? drawn.state : { status: 'loading' };
}

type EsimQrProps = { activationCode: string; orderNumber: string };

/** The eSIM's activation code as a QR code, and the same code as a PNG to keep. */
export function EsimQr({ activationCode, orderNumber }: EsimQrProps) {
  const { t } = useTranslation('delivery');
  const qr = useQrMatrix(activationCode);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const download = async () => {
    if (qr.status !== 'ready') return;
    try {
      const blob = await renderQrPng(qr.matrix, [`eSIM ${orderNumber}`]);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `esim-${orderNumber}.png`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDownloadFailed(false);
    } catch (error) {
      console.error('The eSIM QR image could not be saved', error);
      setDownloadFailed(true);
    }
  };

  const side = qr.status === 'ready' ? qr.matrix.size + QR_MARGIN * 2 : 0;
  return (
    <div className="esim-qr">
      <div className="esim-qr__frame">
        {qr.status === 'ready' ? (
          <svg
            role="img"
            aria-label={t('qrLabel', { order: orderNumber })}
            width={QR_SIZE}
            height={QR_SIZE}
            viewBox={`0 0 ${side} ${side}`}
            shapeRendering="crispEdges"
            data-testid="esim-qr"
          >
            <rect width="100%" height="100%" fill="#ffffff" />
            <path d={qrPath(qr.matrix, QR_MARGIN)} fill="#000000" />
          </svg>
        ) : (
          <p className="esim-qr__placeholder" role="status">
            {qr.status === 'loading' ? t('qrLoading') : t('qrFailed')}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button"
        disabled={qr.status !== 'ready'}
        onClick={() => void download()}
      >
        {t('download')}
      </button>
      {downloadFailed && (
        <p className="field-error" role="alert">
          {t('downloadFailed')}
        </p>
      )}
    </div>
  );
}
