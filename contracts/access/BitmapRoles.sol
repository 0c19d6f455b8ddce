// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";

/// Roles as bits of one uint256 per address: granting, revoking and checking several roles is one
/// storage word. The inheriting contract names the bits and decides who may grant (`_checkRolesAdmin`).
abstract contract BitmapRoles is Context {
    using EnumerableSet for EnumerableSet.AddressSet;

    /// Emitted with the account's complete new bitmap, so an indexer needs only the last event.
    event RolesUpdated(address indexed account, uint256 indexed roles);

    error MissingRoles(address account, uint256 roles);

    mapping(address account => uint256) private _roles;
    // Addresses holding at least one role, so "list all roles" needs no log scan.
    EnumerableSet.AddressSet private _holders;

    modifier onlyRoles(uint256 roles) {
        _checkRoles(_msgSender(), roles);
        _;
    }

    function rolesOf(address account) public view returns (uint256) {
        return _roles[account];
    }

    function hasAnyRole(address account, uint256 roles) public view returns (bool) {
        return _roles[account] & roles != 0;
    }

    function hasAllRoles(address account, uint256 roles) public view returns (bool) {
        return _roles[account] & roles == roles;
    }

    /// Every address with a non-zero bitmap (unbounded; meant for off-chain reads).
    function roleHolders() public view returns (address[] memory) {
        return _holders.values();
    }

    function grantRoles(address account, uint256 roles) public virtual {
        _checkRolesAdmin();
        _setRoles(account, _roles[account] | roles);
    }

    function revokeRoles(address account, uint256 roles) public virtual {
        _checkRolesAdmin();
        _setRoles(account, _roles[account] & ~roles);
    }

    function renounceRoles(uint256 roles) public virtual {
        address account = _msgSender();
        _setRoles(account, _roles[account] & ~roles);
    }

    /// Reverts unless the caller may grant and revoke roles.
    function _checkRolesAdmin() internal view virtual;

    function _checkRoles(address account, uint256 roles) internal view {
        if (!hasAnyRole(account, roles)) revert MissingRoles(account, roles);
    }

    function _setRoles(address account, uint256 roles) internal {
        _roles[account] = roles;
        if (roles == 0) _holders.remove(account);
        else _holders.add(account);
        emit RolesUpdated(account, roles);
    }
}
