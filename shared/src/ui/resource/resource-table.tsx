import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Flex,
  Input,
  Segmented,
  Space,
  Table,
  Tag,
  theme,
  type Breakpoint,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import {
  useEffect,
  useImperativeHandle,
  useMemo,
  useState,
  type Key,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { formatNumber } from '../../format/numbers';
import { ResultWhenShown } from '../result-when-shown';
import { useList, type ListLoader } from './fetch-list';
import { frenchRowSelection } from './row-selection';
import { useListQuery } from './use-list-query';

/** What a cell renderer may need besides its row. */
export interface ResourceRowContext {
  /** The table lists archived records (offer « Restaurer » rather than « Archiver »). */
  archived: boolean;
  /** Refreshes the list (the current page at once), e.g. after a write on this row that did not invalidate it. */
  reload: () => void;
}

export interface ResourceColumn<T> {
  /** Field of the row shown by default; also the column's `sort` value and search parameter in the API. */
  key: string;
  title: string;
  /** Cell content; default: the field's text. */
  render?: (row: T, context: ResourceRowContext) => ReactNode;
  /** Server sort on `key` (the API must list it as sortable). */
  sortable?: boolean;
  /** Substring search on `key`, from a search box in the header (the API must list it as searchable). */
  searchable?: boolean;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Screen widths the column shows at (antd's breakpoints); default: all. For a figure a wide screen has room for. */
  responsive?: Breakpoint[];
}

export interface ResourceTableHandle {
  /** Refreshes the list. A write made through a mutation hook that invalidates the resource needs none. */
  reload: () => void;
}

export interface ResourceTableProps<T> {
  /** List endpoint of the list contract, relative to the API base (`/etablissements`). */
  path: string;
  columns: ResourceColumn<T>[];
  /** Field or function giving each row's unique key. Default: `id`. */
  rowKey?: (keyof T & string) | ((row: T) => Key);
  /** Shows the « Actifs / Archivés » switch (records carry `archivedAt`). */
  archivable?: boolean;
  /** Opens a row: on click, or Enter on the focused row. Clicks on buttons and links in the row don't open it. */
  onOpen?: (row: T) => void;
  /** Content at the right of the bar above the table, e.g. an « Ajouter » button. */
  toolbar?: ReactNode;
  /** Page size until the user picks another. */
  defaultPageSize?: number;
  /** `reload()` for the page that owns the table, e.g. after creating a record. */
  ref?: Ref<ResourceTableHandle>;
  /**
   * Loads the page another way than `GET path?query` (e.g. a POST with the filters in the body); page, sort and
   * column searches still live in the URL and reach it as `params`. `path` then only names the list.
   */
  load?: ListLoader<T>;
  /** What `load` reads besides `params` (e.g. serialized extra filters): a change reloads the list. */
  loadKey?: string;
  /**
   * Key prefix of the list's pages in the query cache. Default: `keysOfPath(path).lists()`, e.g.
   * `['etablissements', 'list']`, which a write invalidating `etablissementKeys.all` refreshes. Give it when the
   * list belongs to another resource's keys (full reservations: `reservationIntegraleKeys.lists()`).
   */
  queryKey?: QueryKey;
  /** Extra filters (outside the columns) are active: the empty list then offers `onClearFilters`. */
  filtersActive?: boolean;
  /**
   * « Effacer les filtres » with extra filters: must clear them and the search parameters of `columns` in one URL
   * change (two changes in the same event would overwrite each other), e.g. `useUrlFilters().clearFilters`.
   */
  onClearFilters?: (columns: readonly string[]) => void;
  /** Check boxes on the rows (antd `rowSelection`). */
  rowSelection?: TableProps<T>['rowSelection'];
  /** Text of the count under the table. Default: `Total : N`. */
  totalLabel?: (total: number) => string;
  /** Message of an empty list without filters. Default: « Aucun résultat ». */
  emptyDescription?: string;
  /**
   * « Réinitialiser les filtres » in the bar while a filter is active (it also forgets the filters remembered for
   * the list: `useRememberedSearchParams`). False for a page whose filter bar has its own.
   */
  resetButton?: boolean;
}

const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

function defaultCell(row: object, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** Click from a control inside the row (button, link, input), or from a popup rendered in a portal. */
function fromInnerControl(event: MouseEvent<HTMLElement>): boolean {
  const row = event.currentTarget;
  const target = event.target as Element;
  if (!row.contains(target)) return true;
  const control = target.closest(
    'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]',
  );
  return control !== null && row.contains(control);
}

interface ColumnSearchProps {
  title: string;
  value: string;
  onSearch: (value: string) => void;
  close: () => void;
}

function ColumnSearch({ title, value, onSearch, close }: ColumnSearchProps) {
  const [draft, setDraft] = useState(value);
  const apply = (next: string) => {
    onSearch(next);
    close();
  };
  return (
    <div style={{ padding: 8, width: 260 }}>
      <Input
        autoFocus
        aria-label={`Rechercher dans « ${title} »`}
        placeholder={`Rechercher dans « ${title} »`}
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => apply(draft)}
      />
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => apply(draft)}>
          Rechercher
        </Button>
        <Button size="small" disabled={!value && !draft} onClick={() => apply('')}>
          Réinitialiser
        </Button>
      </Space>
    </div>
  );
}

/**
 * A server-side list of the list contract: pagination, sort, column search and the archived switch live in the
 * URL (`useListQuery`); rows come from `path` through the query cache (`useList`), so coming back to a list shows
 * its rows at once.
 */
export function ResourceTable<T extends object>({
  path,
  columns,
  rowKey = 'id' as keyof T & string,
  archivable = false,
  onOpen,
  toolbar,
  defaultPageSize,
  ref,
  load,
  loadKey,
  queryKey,
  filtersActive = false,
  onClearFilters,
  rowSelection,
  totalLabel,
  emptyDescription,
  resetButton = true,
}: ResourceTableProps<T>) {
  const { token } = theme.useToken();
  const searchable = columns.filter((column) => column.searchable).map((column) => column.key);
  const sortable = columns.filter((column) => column.sortable).map((column) => column.key);
  const query = useListQuery({ searchable, sortable, defaultPageSize });
  const { filtered, setPage, setSort, setSearch, clearSearch, setArchived } = query;
  // Without the switch, a stray `archived=true` in the URL must not list archived records unannounced.
  const params = archivable || !query.params.archived ? query.params : { ...query.params, archived: false };
  const { data, total, loading, error, reload } = useList<T>(path, params, { load, loadKey, queryKey });
  const [openSearch, setOpenSearch] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({ reload }), [reload]);

  // A page emptied by a write (or a stale bookmark) moves to the last page that has rows.
  const lastPage = Math.max(1, Math.ceil(total / params.pageSize));
  const pastEnd = !loading && !error && data.length === 0 && total > 0 && params.page > lastPage;
  useEffect(() => {
    if (pastEnd) setPage(lastPage, undefined, { replace: true });
  }, [pastEnd, lastPage, setPage]);

  const context = useMemo<ResourceRowContext>(
    () => ({ archived: params.archived, reload }),
    [params.archived, reload],
  );

  const tableColumns: TableColumnsType<T> = columns.map((column) => {
    const searchValue = params.search[column.key] ?? '';
    return {
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      responsive: column.responsive,
      render: (_value: unknown, row: T) =>
        column.render ? column.render(row, context) : defaultCell(row, column.key),
      ...(column.sortable && {
        sorter: true,
        sortOrder: params.sort === column.key ? (params.order === 'desc' ? 'descend' : 'ascend') : null,
      }),
      ...(column.searchable && {
        filtered: searchValue !== '',
        filteredValue: searchValue ? [searchValue] : null,
        filterDropdownProps: {
          open: openSearch === column.key,
          onOpenChange: (open: boolean) => setOpenSearch(open ? column.key : null),
        },
        filterDropdown: ({ close, visible }: { close: () => void; visible: boolean }) => (
          // Remounted on each opening: the box starts from the current search and takes the focus.
          <ColumnSearch
            key={String(visible)}
            title={column.title}
            value={searchValue}
            onSearch={(value) => setSearch(column.key, value)}
            close={close}
          />
        ),
        // antd's trigger is not focusable (tabIndex -1): this inner one is, so the search opens from the keyboard.
        filterIcon: (active: boolean) => (
          <span
            role="button"
            tabIndex={0}
            aria-label={`Rechercher dans la colonne ${column.title}`}
            onKeyDown={(event: KeyboardEvent) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              // The header cell sorts on Enter.
              event.stopPropagation();
              setOpenSearch(column.key);
            }}
          >
            <SearchOutlined style={{ color: active ? token.colorPrimary : undefined }} />
          </span>
        ),
      }),
    };
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      setPage(pagination.current ?? 1, pagination.pageSize);
    } else if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      if (single?.order && single.columnKey !== undefined)
        setSort(String(single.columnKey), single.order === 'descend' ? 'desc' : 'asc');
      else setSort(undefined);
    }
  };

  const clearFilters = () => (onClearFilters ? onClearFilters(searchable) : clearSearch());

  let emptyText: ReactNode;
  if (error) {
    emptyText = (
      <ResultWhenShown
        status="error"
        title="La liste n'a pas pu être chargée."
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={reload}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (loading) {
    emptyText = <div style={{ height: 120 }} />;
  } else if (filtered || filtersActive) {
    emptyText = (
      <Empty description="Aucun résultat pour ces filtres">
        <Button onClick={clearFilters}>Effacer les filtres</Button>
      </Empty>
    );
  } else {
    emptyText = (
      <Empty
        description={params.archived ? 'Aucun élément archivé' : (emptyDescription ?? 'Aucun résultat')}
      />
    );
  }

  const activeFilters = columns.filter((column) => params.search[column.key]);
  const showReset = resetButton && (filtered || filtersActive);
  const showBar = archivable || activeFilters.length > 0 || showReset || toolbar !== undefined;

  return (
    <div>
      {showBar && (
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
          <Flex wrap gap={8} align="center">
            {archivable && (
              <Segmented
                aria-label="Afficher"
                value={params.archived ? 'archives' : 'actifs'}
                options={[
                  { label: 'Actifs', value: 'actifs' },
                  { label: 'Archivés', value: 'archives' },
                ]}
                onChange={(value) => setArchived(value === 'archives')}
              />
            )}
            {activeFilters.map((column) => (
              <Tag
                key={column.key}
                color="blue"
                closable
                closeIcon={<span aria-label={`Retirer le filtre ${column.title}`}>×</span>}
                onClose={(event) => {
                  event.preventDefault();
                  setSearch(column.key, '');
                }}
              >
                {column.title} : {params.search[column.key]}
              </Tag>
            ))}
            {showReset && (
              <Button size="small" icon={<ReloadOutlined />} onClick={clearFilters}>
                Réinitialiser les filtres
              </Button>
            )}
          </Flex>
          {toolbar}
        </Flex>
      )}
      {/* Wide lists scroll inside their card instead of pushing the page wider than the screen. */}
      <div style={{ overflowX: 'auto' }}>
        <Table<T>
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={data}
          loading={loading}
          onChange={onChange}
          locale={{ emptyText }}
          rowSelection={frenchRowSelection(rowSelection, data)}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (count) => (totalLabel ? totalLabel(count) : `Total : ${formatNumber(count)}`),
          }}
          onRow={
            onOpen &&
            ((row) => ({
              tabIndex: 0,
              style: { cursor: 'pointer' },
              onClick: (event: MouseEvent<HTMLElement>) => {
                if (!fromInnerControl(event)) onOpen(row);
              },
              onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
                if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
                event.preventDefault();
                onOpen(row);
              },
            }))
          }
        />
      </div>
    </div>
  );
}
