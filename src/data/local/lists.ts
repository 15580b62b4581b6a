// The lists the mirror is pulled from, by contract entry, as the outbox sends by contract entry
// (commands.ts): the path of each is checked against the contract at compile time.
import { routes } from './commands.ts';

const LIST_ROUTES = routes({
  'auth.currentUser': { method: 'GET', path: '/api/user' },
  'products.list': { method: 'GET', path: '/gets/product/show' },
  'products.get': { method: 'GET', path: '/gets/product' },
  'catalog.templates': { method: 'GET', path: '/gets/roomsets/templates/show' },
  'catalog.tags': { method: 'GET', path: '/gets/tags/show' },
  'catalog.productCategories': { method: 'GET', path: '/gets/product/categories/show' },
  'catalog.templateCategories': { method: 'GET', path: '/gets/roomsets/templates/categories/show' },
  'catalog.customers': { method: 'GET', path: '/gets/customers/all/show' },
  'templates.ambients': { method: 'GET', path: '/template/ambient/get_all' },
  'templates.tags': { method: 'GET', path: '/template/tag/get_all' },
  'savedViews.list': { method: 'GET', path: '/gets/saved-views/show' },
  'retailers.list': { method: 'GET', path: '/gets/retailer/list' },
  'users.list': { method: 'GET', path: '/users/company' },
  'roles.list': { method: 'GET', path: '/customer/roles' },
  'imagery.uploadedVignette': { method: 'GET', path: '/gets/product/images_uploaded/vignette' },
  'imagery.uploaded360': { method: 'GET', path: '/gets/product/images_uploaded/360' },
  'imagery.uploadedVideos': { method: 'GET', path: '/gets/product/images_uploaded/videos' },
  'imagery.uploaded3dFiles': { method: 'GET', path: '/gets/product/images_uploaded/3dfiles' },
  'imagery.automationVideos': { method: 'GET', path: '/gets/product/automation/videos/links' },
  'imagery.automation3dFiles': { method: 'GET', path: '/gets/product/automation/3dfiles/links' },
  'silo.show': { method: 'GET', path: '/gets/product/automation/silo/config/show' },
  'silo.images': { method: 'GET', path: '/gets/product/automation/silo/images/show' },
  'vignette.show': { method: 'GET', path: '/gets/product/automation/vignette/config/show' },
  'vignette.images': { method: 'GET', path: '/gets/product/automation/vignette/images/show' },
  'vignette.backgrounds': { method: 'GET', path: '/gets/product/automation/vignette/backgrounds/show' },
  'spin360.show': { method: 'GET', path: '/gets/product/automation/360/config/show' },
  'spin360.images': { method: 'GET', path: '/gets/product/automation/360/images/show' },
});

export type ListEntry = keyof typeof LIST_ROUTES;
export const listPath = (entry: ListEntry): string => LIST_ROUTES[entry].path;
