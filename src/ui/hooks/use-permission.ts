import { useSelector } from '@xstate/react';
import { isModuleEnabled } from '../../contract/system.ts';
import type { Permission, Resource } from '../../contract/system.ts';
import { useSiteShellFlows } from '../layout/site-shell-flows.ts';

/** The bootstrap payload once the start-up has read it; null before and in maintenance. */
export function usePermission(): Permission | null {
  const { systemStatus } = useSiteShellFlows();
  return useSelector(systemStatus, (s) => s.context.permission);
}

/** True when the white-label module and all its ancestors are on. */
export function useModuleEnabled(modId: string): boolean {
  const permission = usePermission();
  return permission ? isModuleEnabled(permission.modules, modId) : false;
}

export function useSiteName(): string {
  return usePermission()?.settings.siteName ?? '';
}

export function useResource(type: Resource['resourceType']): Resource | undefined {
  return usePermission()?.resources.find((r) => r.resourceType === type && r.url);
}
