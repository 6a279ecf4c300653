/**
 * 登录: username and password. The server's refusal (wrong password, account disabled, too many attempts)
 * shows under the form, which keeps what was typed; an ended session's notice shows above it.
 * Plain antd Form rather than pro-form's LoginForm: pro-form brings every field type of ProField (date and
 * colour pickers, trees...), about 200 KB of gzip the first screen does not need (scripts/admin-budget.mjs).
 */
import { useState } from 'react';
import { LockOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { opsLoginBody, type OperatorRole, type OpsLoginBody } from '@contract/operators';
import { messageOf } from '../../api/client';
import { login } from '../../api/operators';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { entryAt, mayOpen } from '../../nav';
import { useSession } from '../../session/session-context';

/** Back to the page that asked for a login, when this operator may open it; else the first page of the menu. */
function returnTo(from: string | undefined, role: OperatorRole): string {
  const entry = from ? entryAt(from.split('?')[0]) : undefined;
  return entry && mayOpen(role, entry) ? from! : '/';
}

export default function LoginPage() {
  const { session, notice, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;

  if (session) return <Navigate to={returnTo(from, session.operator.role)} replace />;

  const onFinish = async (values: OpsLoginBody) => {
    setError(null);
    setBusy(true);
    try {
      const started = await login(values.username.trim(), values.password);
      signIn(started);
      navigate(returnTo(from, started.operator.role), { replace: true });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sf-admin-login" style={{ minHeight: '100vh', background: '#f0f2f5', paddingTop: 96 }}>
      <Card style={{ width: 400, margin: '0 auto' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <ShopOutlined style={{ fontSize: 40, color: '#1677ff' }} />
          <Typography.Title level={3} style={{ margin: '8px 0 4px' }}>
            运营后台
          </Typography.Title>
          <Typography.Text type="secondary">商城运营人员登录</Typography.Text>
        </div>
        {notice ? <Alert type="warning" showIcon message={notice} style={{ marginBottom: 24 }} /> : null}
        <Form<OpsLoginBody> name="login" size="large" onFinish={onFinish} autoComplete="on">
          <Form.Item name="username" rules={[zodRule(opsLoginBody.shape.username)]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[zodRule(opsLoginBody.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <FormError message={error} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
