export {
  ConfirmActionButton,
  ConfirmArchiveButton,
  ConfirmRestoreButton,
  type ConfirmActionButtonProps,
  type ConfirmArchiveButtonProps,
} from './confirm-action-button';
export {
  ConfirmWriteButton,
  type ConfirmWriteButtonProps,
  type ConfirmWriteReason,
} from './confirm-write-button';
export type { FormModalFrameProps } from './form-modal-frame';
export {
  fetchList,
  listQueryString,
  useList,
  type ListLoader,
  type ListState,
  type UseListOptions,
} from './fetch-list';
export { DateInput, loadDatePicker, type DateInputProps } from './date-input';
export { dateFormItemProps, INVALID_DATE_MESSAGE } from './date-field';
export type { ResourceFormModalProps } from './resource-form-modal';
export {
  ResourceTable,
  type ResourceColumn,
  type ResourceRowContext,
  type ResourceTableHandle,
  type ResourceTableProps,
} from './resource-table';
export { useListQuery, type ListQueryOptions, type ListQueryState } from './use-list-query';
export { useRememberedSearchParams } from './list-memory';
export {
  useUrlFilters,
  type UrlFiltersOptions,
  type UrlFiltersState,
  type UrlFilterValue,
} from './use-url-filters';
export { frenchRowSelection, SELECT_PAGE_LABEL } from './row-selection';
export { SearchOnEnter, type SearchOnEnterProps } from './search-on-enter';
