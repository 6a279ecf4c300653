/**
 * The console's lists: antd's Table in a card with a title, a toolbar and, when given, a filter form above it,
 * fetching through `request` as ProTable did. Not ProTable itself: it brings pro-form's ProField with every
 * field type (colour picker, sliders, tree select…), about 170 KB gzip, which put a list opened by its
 * address over the console's first-load budget (scripts/admin-budget.mjs).
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Table, Tooltip, type FormInstance, type TableProps } from 'antd';

/** What a list may be asked to do from outside: fetch again with its current filters and page. */
export interface ListAction {
  reload: () => void;
}

export interface ListResult<T> {
  data: T[];
  /** Given: the server pages (the table asks page by page); absent: the whole list is here, paged in place. */
  total?: number;
  success?: boolean;
}

/** The page and size asked for, and the filter form's values as `filterValues` made them. */
export type ListQuery<F> = { current: number; pageSize: number } & F;

export interface ListPagination {
  pageSize?: number;
  defaultPageSize?: number;
  showSizeChanger?: boolean;
  pageSizeOptions?: number[];
}

interface ListTableProps<T, F> {
  rowKey: TableProps<T>['rowKey'];
  columns: TableProps<T>['columns'];
  request: (query: ListQuery<F>) => Promise<ListResult<T>>;
  /** A change fetches again from the first page (the header's project, for one). */
  params?: readonly unknown[];
  /** True: nothing is fetched (nothing to list yet). */
  manual?: boolean;
  actionRef?: Ref<ListAction | undefined>;
  headerTitle?: ReactNode;
  toolbar?: ReactNode[];
  pagination?: ListPagination | false;
  /** The filter form's fields (Form.Item); the form gets 查询 and 重置 and starts a fetch from page one. */
  filters?: ReactNode;
  /** The filter form, when the page sets its fields or errors itself. */
  form?: FormInstance;
  /** From the form's values to the query's filters (dates to strings, empty to absent). */
  filterValues?: (values: Record<string, unknown>) => F;
  className?: string;
  locale?: TableProps<T>['locale'];
  expandable?: TableProps<T>['expandable'];
  scroll?: TableProps<T>['scroll'];
}

/** An action column's links and buttons, side by side as ProTable's option column put them. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>{children}</div>;
}

export function ListTable<T extends object, F extends object = Record<string, never>>({
  rowKey,
  columns,
  request,
  params = [],
  manual = false,
  actionRef,
  headerTitle,
  toolbar = [],
  pagination = {},
  filters,
  form: givenForm,
  filterValues,
  className,
  locale,
  expandable,
  scroll,
}: ListTableProps<T, F>) {
  const [ownForm] = Form.useForm();
  const form = givenForm ?? ownForm;
  const firstSize = (pagination && (pagination.pageSize ?? pagination.defaultPageSize)) || 20;
  const [page, setPage] = useState({ current: 1, pageSize: firstSize });
  const [filter, setFilter] = useState<F>({} as F);
  const [result, setResult] = useState<ListResult<T>>({ data: [] });
  const [loading, setLoading] = useState(false);
  // Only the latest fetch's answer is shown when they overlap.
  const asked = useRef(0);
  const requestRef = useRef(request);
  requestRef.current = request;

  const fetchList = useCallback(async (at: { current: number; pageSize: number }, by: F) => {
    const ticket = ++asked.current;
    setLoading(true);
    try {
      const answer = await requestRef.current({ ...by, ...at });
      if (ticket === asked.current) setResult(answer);
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  }, []);

  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (manual) return;
    const first = { current: 1, pageSize: page.pageSize };
    setPage(first);
    void fetchList(first, filter);
    // The list starts again when what it lists changes; the page and filters are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paramsKey, manual, fetchList]);

  useImperativeHandle(actionRef, () => ({ reload: () => void fetchList(page, filter) }), [fetchList, page, filter]);

  const search = (values: Record<string, unknown>) => {
    const by = filterValues ? filterValues(values) : (values as F);
    const first = { current: 1, pageSize: page.pageSize };
    setFilter(by);
    setPage(first);
    if (!manual) void fetchList(first, by);
  };

  const serverPaged = result.total !== undefined;
  const tablePagination: TableProps<T>['pagination'] =
    pagination === false
      ? false
      : {
          current: page.current,
          pageSize: page.pageSize,
          showSizeChanger: pagination.showSizeChanger,
          pageSizeOptions: pagination.pageSizeOptions,
          ...(serverPaged ? { total: result.total } : {}),
          onChange: (current, pageSize) => {
            const at = { current: pageSize === page.pageSize ? current : 1, pageSize };
            setPage(at);
            if (serverPaged) void fetchList(at, filter);
          },
        };

  return (
    <div className={className}>
      {filters ? (
        <Card style={{ marginBottom: 16 }}>
          <Form form={form} layout="inline" className="sf-admin-list-filter" style={{ rowGap: 16 }} onFinish={search}>
            {filters}
            <Form.Item>
              <Space>
                <Button
                  onClick={() => {
                    form.resetFields();
                    search(form.getFieldsValue());
                  }}
                >
                  重置
                </Button>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      ) : null}
      <Card
        title={headerTitle}
        extra={
          <Space>
            {toolbar}
            <Tooltip title="刷新">
              <Button
                type="text"
                aria-label="刷新"
                icon={<ReloadOutlined />}
                disabled={manual}
                onClick={() => void fetchList(page, filter)}
              />
            </Tooltip>
          </Space>
        }
      >
        <Table<T>
          rowKey={rowKey}
          columns={columns}
          dataSource={result.data}
          loading={loading}
          pagination={tablePagination}
          locale={locale}
          expandable={expandable}
          scroll={scroll}
        />
      </Card>
    </div>
  );
}
