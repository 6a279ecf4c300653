/** The server's refusal of a form, shown under its fields; the fields keep what was typed. */
import { Alert } from 'antd';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert className="sf-admin-form-error" type="error" showIcon message={message} style={{ marginBottom: 16 }} />;
}
