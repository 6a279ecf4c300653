/** What a page closed to the operator's role shows instead of itself (opened by its address, say). */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@contract/operators';
import type { NavEntry } from '../nav';

export function Forbidden({ entry, role }: { entry: NavEntry; role: OperatorRole }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle={`${entry.name}不对${OPERATOR_ROLE_NAMES[role]}开放，如需使用请联系店主。`}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
