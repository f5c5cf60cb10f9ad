import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from './navigator';

/** Hands the router's navigate function to the navigator service; renders nothing. Must sit inside the router. */
export function NavigatorBridge(): null {
  const navigate = useNavigate();
  useEffect(() => registerNavigator(navigate), [navigate]);
  return null;
}
