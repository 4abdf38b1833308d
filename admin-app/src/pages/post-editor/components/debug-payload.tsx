import { Typography } from 'antd';
import type { SavePostRequest } from '@studio/shared';

interface Props {
  method: string;
  path: string;
  payload: SavePostRequest;
  file: File | null;
}

/** What the Debug Test button shows: the request a save would send, exactly. */
export function DebugPayload({ method, path, payload, file }: Props) {
  return (
    <div>
      <Typography.Paragraph>
        <Typography.Text code>
          {method} {path}
        </Typography.Text>{' '}
        as{' '}
        {file
          ? `multipart/form-data: "data" (the JSON below) and "featuredImage" (${file.name}, ${file.size} bytes)`
          : 'JSON'}
      </Typography.Paragraph>
      <pre
        data-testid="debug-payload"
        style={{
          maxHeight: '50vh',
          overflow: 'auto',
          background: '#f5f5f5',
          padding: 12,
          borderRadius: 6,
          fontSize: 12,
        }}
      >
        {JSON.stringify(payload, null, 2)}
      </pre>
    </div>
  );
}
